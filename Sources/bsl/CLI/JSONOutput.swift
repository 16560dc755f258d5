import Foundation

/// The one way bsl prints models as JSON: indented, keys sorted, slashes unescaped, dates in ISO 8601.
enum JSONOutput {
    /// Prints `value` to standard output.
    ///
    /// - Throws: `EncodingError` when the value cannot be encoded.
    static func print(_ value: some Encodable, _ terminal: Terminal) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        terminal.print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}
