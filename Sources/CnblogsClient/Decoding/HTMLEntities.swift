/// HTML character references, decoded: the second decoding that cnblogs' double-escaped
/// titles and summaries need (`&amp;ldquo;` in the XML is `&ldquo;` after XML, `“` after this).
///
/// ```swift
/// HTMLEntities.decode("&ldquo;Swift&rdquo; &#20013;&#x6587;")   // “Swift” 中文
/// ```
public enum HTMLEntities {
    /// HTML as one line of plain text, for a summary or a table cell: tags dropped (each a
    /// space), references decoded, runs of white space one space.
    ///
    /// ```swift
    /// HTMLEntities.plainText(fromHTML: "<p>a &amp; b</p><br/>c")   // "a & b c"
    /// ```
    ///
    /// - Complexity: O(*n*) in the length of `html`.
    public static func plainText(fromHTML html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" {
                inTag = true
                text.append(" ")
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                text.append(character)
            }
        }
        return decode(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The named references the API's text uses, and the common ones around them.
    static let named: [Substring: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
        "ldquo": "\u{201C}", "rdquo": "\u{201D}", "lsquo": "\u{2018}", "rsquo": "\u{2019}",
        "hellip": "\u{2026}", "mdash": "\u{2014}", "ndash": "\u{2013}", "middot": "\u{00B7}",
        "bull": "\u{2022}", "laquo": "\u{00AB}", "raquo": "\u{00BB}", "copy": "\u{00A9}", "reg": "\u{00AE}",
        "trade": "\u{2122}", "times": "\u{00D7}", "divide": "\u{00F7}", "deg": "\u{00B0}", "yen": "\u{00A5}",
        "emsp": "\u{2003}", "ensp": "\u{2002}", "thinsp": "\u{2009}",
    ]

    /// `text` with every named (`&ldquo;`) and numeric (`&#8220;`, `&#x201C;`) reference
    /// replaced by its character; unknown or malformed references are kept as written.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            // A reference is at most a few dozen characters up to its semicolon.
            let window = rest[afterAmpersand...].prefix(32)
            if let semicolon = window.firstIndex(of: ";"),
                let character = character(for: rest[afterAmpersand..<semicolon])
            {
                result += character
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result.append("&")
                rest = rest[afterAmpersand...]
            }
        }
        result += rest
        return result
    }

    /// The character a reference's name (`ldquo`, `#8220`, `#x201C`) stands for.
    static func character(for name: Substring) -> String? {
        guard name.first == "#" else { return named[name] }
        let digits = name.dropFirst()
        let value: UInt32?
        if digits.first == "x" || digits.first == "X" {
            value = UInt32(digits.dropFirst(), radix: 16)
        } else {
            value = UInt32(digits, radix: 10)
        }
        guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
        return String(Character(scalar))
    }
}
