import BasicCore
import BasicXML
import Foundation

/// See ``Harness/xml``.
enum XMLHarness {
    /// The defaults, XMLDictionary's rules, the feed reader's, and every switch turned the other way.
    static let configurations: [(name: String, configuration: XMLConverter.Configuration)] = {
        var everything = XMLConverter.Configuration()
        everything.alwaysUsesArrays = true
        everything.keepsWhitespace = true
        everything.emptyElements = .emptyString
        everything.names = .expanded
        everything.keepsComments = true
        return [
            ("default", .init()), ("xmlDictionary", .xmlDictionary), ("feed", .feed), ("every switch on", everything),
        ]
    }()

    static func run(_ data: Data) throws(HarnessFailure) {
        for (name, configuration) in configurations {
            let value: JSONValue
            do {
                value = try XMLConverter(configuration: configuration).convert(data)
            } catch {
                try Check.clearError(error, from: "XMLConverter.convert (\(name))")
                continue
            }
            try JSONHarness.roundTrip(value, what: "the XML converted with the \(name) configuration")
        }
    }
}
