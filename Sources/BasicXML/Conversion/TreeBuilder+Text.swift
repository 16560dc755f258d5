import BasicCore

/// The text side of ``TreeBuilder``: an element's runs, and trimming them as XMLDictionary does.
extension TreeBuilder {
    /// An element's runs of text: the first kept inline, the others only when children split
    /// the text, so that the common element with one run allocates no array.
    struct TextRuns {
        var first: String?
        /// The runs after the first; nil (not an empty array, which costs a retain) without any.
        var more: [String]?

        mutating func append(_ run: String) {
            if first == nil {
                first = run
            } else {
                more = (more ?? []) + [run]
            }
        }

        /// The element as its text alone: the runs joined by line feeds, as XMLDictionary
        /// collapses them.
        var collapsed: String? {
            guard let first, let more else { return first }
            return ([first] + more).joined(separator: "\n")
        }

        /// The text beside attributes or children: its one run, or the runs as an array.
        var value: JSONValue? {
            guard let first else { return nil }
            guard let more else { return .string(first) }
            return .array(([first] + more).map(JSONValue.string))
        }
    }

    /// `bytes` without leading and trailing white space and line breaks, as Foundation's
    /// `whitespaceAndNewlines` has them, or nil when nothing else is left.
    @inline(__always)
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var first = 0
        var end = bytes.count
        // ASCII decides at once; only a byte of a longer scalar takes the slow way.
        while first < end {
            let byte = bytes[first]
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                first += 1
            } else if byte < 0x80 {
                break
            } else if let length = whitespaceLength(bytes, at: first) {
                first += length
            } else {
                break
            }
        }
        while end > first {
            let byte = bytes[end - 1]
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                end -= 1
            } else if byte < 0x80 {
                break
            } else if let length = whitespaceLengthEnding(bytes, at: end) {
                end -= length
            } else {
                break
            }
        }
        guard first < end else { return nil }
        return UTF8Text.string(UnsafeBufferPointer(rebasing: bytes[first..<end]))
    }

    /// Whether `scalar` is in Foundation's `whitespaceAndNewlines`: Unicode's space separators
    /// (Zs), U+2028 and U+2029, U+0009–U+000D and U+0085.
    static func isWhitespace(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// The byte length of the white-space scalar that starts at `index`, or nil when the
    /// scalar there is not white space. Every such scalar is at most three bytes long.
    static func whitespaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        if lead < 0x80 { return isWhitespace(UInt32(lead)) ? 1 : nil }
        if lead & 0xE0 == 0xC0, index + 1 < bytes.count {
            return isWhitespace(UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)) ? 2 : nil
        }
        if lead & 0xF0 == 0xE0, index + 2 < bytes.count {
            let scalar =
                UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
            return isWhitespace(scalar) ? 3 : nil
        }
        return nil
    }

    /// The byte length of the white-space scalar that ends just before `end`, or nil.
    static func whitespaceLengthEnding(_ bytes: UnsafeBufferPointer<UInt8>, at end: Int) -> Int? {
        var start = end - 1
        while start > end - 3, start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        guard let length = whitespaceLength(bytes, at: start), start + length == end else { return nil }
        return length
    }
}
