import BasicCore
import Foundation

/// See ``Harness/json``.
enum JSONHarness {
    static func run(_ data: Data) throws(HarnessFailure) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: data)
        } catch {
            try Check.clearError(error, from: "JSONValue(parsing:)")
            return
        }
        try roundTrip(value, what: "the parsed value")
    }

    /// Checks that `value` renders, compact and pretty, to JSON that parses back equal.
    static func roundTrip(_ value: JSONValue, what: String) throws(HarnessFailure) {
        for style in [JSONRenderingStyle.compact, .pretty, JSONRenderingStyle(indentWidth: 1, sortsKeys: true)] {
            let text = value.jsonString(style)
            let again: JSONValue
            do {
                again = try JSONValue(parsing: text)
            } catch {
                throw HarnessFailure("\(what) renders to JSON that does not parse (\(error)): \(Check.quoted(text))")
            }
            try Check.that(
                again == value, "\(what) renders to JSON that parses to another value: \(Check.quoted(text))")
        }
    }
}
