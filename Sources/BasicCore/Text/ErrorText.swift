/// Error descriptions made one line: the modules that build on BasicCore pass every description
/// through ``oneLine(_:)``, so that a value from the input (a key, a path, a URL, a parser's own
/// message) can neither break the line nor drive the terminal it is printed on.
package enum ErrorText {
    /// `text` with every control character (C0, `DEL`, C1), the line and paragraph separators
    /// U+2028 and U+2029 and the bidirectional embeddings, overrides and isolates written as
    /// Swift escapes: `\n`, `\r`, `\t`, `\0`, otherwise `\u{1B}`. Everything else is kept, so
    /// the result is the same text when there is nothing to escape, and escaping twice changes
    /// nothing more.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    package static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard isEscaped(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result
    }

    /// Whether ``oneLine(_:)`` writes `scalar` as an escape.
    static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
