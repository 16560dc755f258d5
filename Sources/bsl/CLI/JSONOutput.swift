import BasicFormat
import Foundation

/// The one way bsl prints `Encodable` models as JSON: indented, keys sorted, slashes unescaped,
/// dates in RFC 3339 (UTC, to the second, proleptic Gregorian).
///
/// Output built as a `JSONValue` is printed with `JSONValue.jsonString` instead, the other half of
/// one rule: its keys stay in the order they were built or read. That is what the JSON and XML
/// commands owe the documents they are given, and what the feeds, layout and route commands use to
/// put the identifying keys first; their dates are written with the same RFC 3339 writer
/// (`TimeFormatter.rfc3339String(from:)`).
enum JSONOutput {
    /// Prints `value` to standard output.
    ///
    /// - Throws: `EncodingError` when the value cannot be encoded.
    static func print(_ value: some Encodable, _ terminal: Terminal) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // RFC 3339 in UTC, proleptic Gregorian: `.iso8601` turns Julian before 1582-10-15.
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(TimeFormatter.rfc3339String(from: date))
        }
        terminal.print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}
