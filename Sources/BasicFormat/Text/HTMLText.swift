/// Text in and out of HTML: character references decoded as HTML5 reads them, and text escaped
/// for an element's content or a quoted attribute value. The one place the package does either.
///
/// ```swift
/// HTMLText.decodingReferences("&ldquo;Swift&rdquo; &amp;lt; &#x4E2D;&#25991; &euro")  // “Swift” &lt; 中文 €
/// HTMLText.escapingText("a < b & c")                                                  // a &lt; b &amp; c
/// HTMLText.escapingAttribute(#"say "hi""#)                                             // say &quot;hi&quot;
/// ```
///
/// Decoding follows HTML5's character reference rules: all 2,231 named references (the legacy
/// ones, such as `&amp` and `&not`, also without their semicolon, except in an attribute where
/// `=` or a letter or digit follows), decimal and hexadecimal references with or without the
/// semicolon, `&#0;`, surrogates and values past U+10FFFF as U+FFFD, and 0x80–0x9F through
/// windows-1252 (`&#150;` is `–`). One pass: `&amp;lt;` is `&lt;`, never `<`. What is not a
/// reference stays as written.
public enum HTMLText {
    /// Where the text being decoded stands, which changes one rule: in an attribute, a legacy
    /// reference without its semicolon is not read when `=` or an ASCII letter or digit follows
    /// (`?a=1&copy=2` keeps `&copy`).
    public enum Context: Sendable, Hashable {
        /// An element's content.
        case text
        /// An attribute's value.
        case attribute
    }

    /// `text` with every character reference replaced by what it stands for.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func decodingReferences(_ text: String, in context: Context = .text) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "&", let (replacement, end) = reference(in: scalars, at: index, context: context) else {
                result.append(scalar)
                index += 1
                continue
            }
            result.append(contentsOf: replacement)
            index = end
        }
        return String(result)
    }

    /// The reference starting at `scalars[start]` (an `&`): what it stands for and the index
    /// after it; nil when none starts there.
    private static func reference(
        in scalars: [Unicode.Scalar], at start: Int, context: Context
    ) -> ([Unicode.Scalar], Int)? {
        var index = start + 1
        guard index < scalars.count else { return nil }
        if scalars[index] == "#" {
            index += 1
            let isHex = index < scalars.count && (scalars[index] == "x" || scalars[index] == "X")
            if isHex { index += 1 }
            var value: UInt32 = 0
            var digits = 0
            while index < scalars.count, let digit = digitValue(scalars[index], hex: isHex) {
                // Saturate: any value past U+10FFFF reads as U+FFFD, however long.
                value = value > 0x10_FFFF ? value : value * (isHex ? 16 : 10) + digit
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            if index < scalars.count, scalars[index] == ";" { index += 1 }
            return ([scalar(forNumericReference: value)], index)
        }
        // A named reference: the longest name in the table that the letters and digits here begin.
        var end = index
        while end < scalars.count, end - index < longestName, isASCIIAlphanumeric(scalars[end]) {
            end += 1
        }
        guard end > index else { return nil }
        if end < scalars.count, scalars[end] == ";",
            let value = namedReference(scalars[index..<end], semicolon: true)
        {
            return (value, end + 1)
        }
        // Legacy names, whose semicolon may be left out: the longest that is a prefix.
        var length = end - index
        while length >= 2 {
            if let value = namedReference(scalars[index..<(index + length)], semicolon: false) {
                let next = index + length
                if context == .attribute, next < scalars.count,
                    scalars[next] == "=" || isASCIIAlphanumeric(scalars[next])
                {
                    return nil
                }
                return (value, next)
            }
            length -= 1
        }
        return nil
    }

    /// What HTML5 reads a numeric reference to `value` as: U+FFFD for 0, surrogates and values
    /// past U+10FFFF; windows-1252's character for 0x80–0x9F where it has one; else the code point
    /// itself (control characters and noncharacters included, as HTML5 keeps them).
    public static func scalar(forNumericReference value: UInt32) -> Unicode.Scalar {
        switch value {
        case 0x80...0x9F:
            return windows1252[Int(value - 0x80)].flatMap(Unicode.Scalar.init) ?? Unicode.Scalar(UInt8(value))
        case 0, 0xD800...0xDFFF, 0x11_0000...:
            return "\u{FFFD}"
        default:
            // Every other value up to U+10FFFF is a scalar; the fallback is unreachable.
            return Unicode.Scalar(value) ?? "\u{FFFD}"
        }
    }

    /// What windows-1252 has at 0x80–0x9F, as HTML5's table of numeric references gives it; nil
    /// where the reference stays the C1 control itself.
    static let windows1252: [UInt32?] = [
        0x20AC, nil, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, nil,
        0x017D, nil, nil, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, nil, 0x017E, 0x0178,
    ]

    /// `text` safe as an element's content: `&`, `<` and `>` as references, and the characters
    /// XML 1.0 forbids (control characters other than tab, line feed and carriage return; U+FFFE,
    /// U+FFFF) as U+FFFD, so that the text is also valid in XML (SVG).
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func escapingText(_ text: String) -> String {
        escaping(text, quotes: false)
    }

    /// `text` safe inside a quoted attribute value (either quote): as ``escapingText(_:)``, and
    /// `"` and `'` as references too.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func escapingAttribute(_ text: String) -> String {
        escaping(text, quotes: true)
    }

    /// What becomes of tab, line feed and carriage return in an attribute value.
    public enum AttributeWhiteSpace: Sendable, Hashable {
        /// Written as they are; an XML parser reads each as a space (attribute-value
        /// normalisation), an HTML parser keeps them.
        case asWritten
        /// Written as `&#9;`, `&#10;` and `&#13;`, which an XML parser keeps: for values that must
        /// come back exactly, such as an OPML outline's title.
        case references
    }

    /// `text` safe inside a quoted attribute value, with tab, line feed and carriage return
    /// written as `whiteSpace` says.
    ///
    /// ```swift
    /// HTMLText.escapingAttribute("a\tb & c", whiteSpace: .references)  // a&#9;b &amp; c
    /// ```
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func escapingAttribute(_ text: String, whiteSpace: AttributeWhiteSpace) -> String {
        switch whiteSpace {
        case .asWritten: escaping(text, quotes: true)
        case .references: escaping(text, quotes: true, whiteSpaceAsReferences: true)
        }
    }

    private static func escaping(_ text: String, quotes: Bool, whiteSpaceAsReferences: Bool = false) -> String {
        guard
            text.unicodeScalars.contains(where: {
                needsEscaping($0, quotes: quotes, whiteSpace: whiteSpaceAsReferences)
            })
        else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result.append(contentsOf: "&amp;".unicodeScalars)
            case "<": result.append(contentsOf: "&lt;".unicodeScalars)
            case ">": result.append(contentsOf: "&gt;".unicodeScalars)
            case "\"" where quotes: result.append(contentsOf: "&quot;".unicodeScalars)
            case "'" where quotes: result.append(contentsOf: "&#39;".unicodeScalars)
            case "\t", "\n", "\r":
                if whiteSpaceAsReferences {
                    result.append(contentsOf: "&#\(scalar.value);".unicodeScalars)
                } else {
                    result.append(scalar)
                }
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": result.append("\u{FFFD}")
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    private static func needsEscaping(_ scalar: Unicode.Scalar, quotes: Bool, whiteSpace: Bool) -> Bool {
        switch scalar {
        case "&", "<", ">": true
        case "\"", "'": quotes
        case "\t", "\n", "\r": whiteSpace
        case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": true
        default: false
        }
    }

    /// HTML as one line of plain text, for a summary or a table cell: tags dropped (each a
    /// space), references decoded, runs of white space one space.
    ///
    /// ```swift
    /// HTMLText.plainText(fromHTML: "<p>a &amp; b</p><br/>c")   // "a & b c"
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
        return decodingReferences(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    // MARK: The table

    /// What the named reference `name` (followed by `;` when `semicolon`) stands for; nil when the
    /// table has no such name. A binary search over the table's sorted lines, in place: nothing is
    /// built at run time, so the first decode of a process costs no more than the next.
    static func namedReference(_ name: ArraySlice<Unicode.Scalar>, semicolon: Bool) -> [Unicode.Scalar]? {
        namedReferenceTable.withUTF8Buffer { table -> [Unicode.Scalar]? in
            // [low, high) always holds whole lines.
            var low = 0
            var high = table.count
            while low < high {
                var start = (low + high) / 2
                while start > low, table[start - 1] != newline { start -= 1 }
                var nameEnd = start
                while nameEnd < table.count, table[nameEnd] != space { nameEnd += 1 }
                var lineEnd = nameEnd
                while lineEnd < table.count, table[lineEnd] != newline { lineEnd += 1 }
                switch compare(name, semicolon: semicolon, with: table[start..<nameEnd]) {
                case .same:
                    return scalars(listedIn: table[min(nameEnd + 1, lineEnd)..<lineEnd])
                case .before:
                    high = start
                case .after:
                    low = lineEnd + 1
                }
            }
            return nil
        }
    }

    /// How `name` (with `;` after it when `semicolon`) orders against a name of the table, byte by
    /// byte as the table is sorted.
    private static func compare(
        _ name: ArraySlice<Unicode.Scalar>, semicolon: Bool, with entry: Slice<UnsafeBufferPointer<UInt8>>
    ) -> NameOrder {
        var position = entry.startIndex
        for scalar in name {
            guard position < entry.endIndex else { return .after }
            let byte = entry[position]
            if scalar.value != UInt32(byte) { return scalar.value < UInt32(byte) ? .before : .after }
            position += 1
        }
        if semicolon {
            guard position < entry.endIndex else { return .after }
            let byte = entry[position]
            if byte != UInt8(ascii: ";") { return UInt8(ascii: ";") < byte ? .before : .after }
            position += 1
        }
        return position == entry.endIndex ? .same : .before
    }

    /// Where a name stands against a name of the table.
    private enum NameOrder { case before, same, after }

    /// The characters of a table line's `HEX[,HEX]` field.
    private static func scalars(listedIn field: Slice<UnsafeBufferPointer<UInt8>>) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        var value: UInt32 = 0
        for byte in field {
            if byte == UInt8(ascii: ",") {
                result += Unicode.Scalar(value).map { [$0] } ?? []
                value = 0
            } else {
                value = value * 16 + UInt32(hexDigit(byte))
            }
        }
        result += Unicode.Scalar(value).map { [$0] } ?? []
        return result
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: byte &- UInt8(ascii: "a") &+ 10
        }
    }

    /// Every line of the table as name → characters, in the table's order (for tests and tools;
    /// decoding searches the table in place).
    static var namedReferenceEntries: [(name: String, scalars: [Unicode.Scalar])] {
        namedReferenceTable.withUTF8Buffer { table in
            table.split(separator: newline).compactMap { line in
                guard let space = line.firstIndex(of: space) else { return nil }
                let name = String(decoding: UnsafeBufferPointer(rebasing: line[..<space]), as: UTF8.self)
                return (name, scalars(listedIn: line[(space + 1)...]))
            }
        }
    }

    private static let newline = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")

    /// The longest name in the table, without its semicolon (`CounterClockwiseContourIntegral`).
    static let longestName = 31

    private static func digitValue(_ scalar: Unicode.Scalar, hex: Bool) -> UInt32? {
        switch scalar.value {
        case 0x30...0x39: return scalar.value - 0x30
        case 0x41...0x46 where hex: return scalar.value - 0x41 + 10
        case 0x61...0x66 where hex: return scalar.value - 0x61 + 10
        default: return nil
        }
    }

    private static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}
