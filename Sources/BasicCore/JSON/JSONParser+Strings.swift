// Strings and object keys: the bytes between the quotes are scanned 16 at a time for the three
// kinds that end a plain run (a quote, a backslash, a control byte), noting on the way whether
// any byte is not ASCII; a plain string is then made straight from the input's bytes.

extension JSONParser {
    /// The offset of the first quote, backslash or control byte at or after `start` (or the end
    /// of the input), and whether every byte before it is ASCII.
    @inline(__always)
    func scanPlainRun(from start: Int) -> (end: Int, isASCII: Bool) {
        guard let base = bytes.baseAddress else { return (start, true) }
        let count = bytes.count
        var index = start
        // Only operations of SIMD16<UInt8> with itself: they compile to single vector
        // instructions, where the generic ones (a vector against a scalar, `any`) loop over the
        // lanes.
        let quote = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
        let backslash = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
        let space = SIMD16<UInt8>(repeating: 0x20)
        let highBit = SIMD16<UInt8>(repeating: 0x80)
        var seen = SIMD16<UInt8>()
        while index &+ 16 <= count {
            let chunk = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
            // Each lane of a comparison's mask is all ones or all zeros.
            let stops =
                unsafeBitCast(chunk .== quote, to: SIMD16<UInt8>.self)
                | unsafeBitCast(chunk .== backslash, to: SIMD16<UInt8>.self)
                | unsafeBitCast(chunk .< space, to: SIMD16<UInt8>.self)
            let stopWords = unsafeBitCast(stops, to: SIMD2<UInt64>.self)
            if stopWords[0] | stopWords[1] != 0 {
                // As two little-endian words, the lowest set bit is in the first stop's byte.
                // A byte past 0x7F before the stop, in this chunk or an earlier one, is not ASCII.
                let highWords = unsafeBitCast(chunk & highBit, to: SIMD2<UInt64>.self)
                let seenWords = unsafeBitCast(seen & highBit, to: SIMD2<UInt64>.self)
                let end: Int
                let highBefore: UInt64
                if stopWords[0] != 0 {
                    let bit = UInt64(stopWords[0].trailingZeroBitCount)
                    end = index &+ Int(bit &>> 3)
                    highBefore = highWords[0] & ((1 &<< bit) &- 1)
                } else {
                    let bit = UInt64(stopWords[1].trailingZeroBitCount)
                    end = index &+ 8 &+ Int(bit &>> 3)
                    highBefore = highWords[0] | (highWords[1] & ((1 &<< bit) &- 1))
                }
                return (end, highBefore | seenWords[0] | seenWords[1] == 0)
            }
            seen |= chunk
            index &+= 16
        }
        let seenWords = unsafeBitCast(seen & highBit, to: SIMD2<UInt64>.self)
        var high = UInt8(truncatingIfNeeded: (seenWords[0] | seenWords[1]) != 0 ? 0x80 : 0)
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            high |= byte
            index &+= 1
        }
        return (index, high < 0x80)
    }

    /// Reads a string whose opening quote is at the position, leaving the position after its
    /// closing quote.
    mutating func parseString() throws(JSONParseError) -> String {
        position += 1  // opening quote
        let start = position
        let (end, isASCII) = scanPlainRun(from: start)
        position = end
        guard end < bytes.count else {
            throw JSONParseError.at(start - 1, in: bytes, reason: "a string is not closed; expected '\"'")
        }
        switch bytes[end] {
        case UInt8(ascii: "\""):
            position += 1
            return try makeString(from: start, to: end, isASCII: isASCII)
        case UInt8(ascii: "\\"):
            return try parseEscapedString(from: start)
        default:
            throw controlCharacterError()
        }
    }

    /// Reads an object key whose opening quote is at the position, leaving the position after
    /// its closing quote; a key of at most 16 bytes without escapes comes from the key cache
    /// when it holds it.
    ///
    /// Inlined into its one caller: returned through memory, the print's fields were written as
    /// two words and read back as one 16-byte load, which cannot be forwarded from the stores
    /// and stalled (two thirds of the caller's samples under `perf`).
    @inline(__always)
    mutating func parseKey() throws(JSONParseError) -> (String, JSONKeyPrint) {
        position += 1  // opening quote
        let start = position
        let (end, isASCII) = scanPlainRun(from: start)
        position = end
        guard end < bytes.count, let base = bytes.baseAddress else {
            throw JSONParseError.at(start - 1, in: bytes, reason: "a string is not closed; expected '\"'")
        }
        switch bytes[end] {
        case UInt8(ascii: "\""):
            position += 1
            let print = JSONKeyPrint(bytesAt: base + start, length: end - start, readable: start + 16 <= bytes.count)
            guard print.isWhole else {
                return (try makeString(from: start, to: end, isASCII: isASCII), print)
            }
            if let key = keyCache.key(for: print) { return (key, print) }
            let key = try makeString(from: start, to: end, isASCII: isASCII)
            keyCache.remember(key, for: print)
            return (key, print)
        case UInt8(ascii: "\\"):
            let key = try parseEscapedString(from: start)
            return (key, JSONKeyPrint(of: key))
        default:
            throw controlCharacterError()
        }
    }

    /// The string of the bytes from `start` to `end`, which hold no quote, backslash or control
    /// byte.
    @inline(__always)
    private func makeString(from start: Int, to end: Int, isASCII: Bool) throws(JSONParseError) -> String {
        let content = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if isASCII {
            if usesUTF8Span, #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
                // ASCII, as the scan saw: valid UTF-8, with nothing left to check.
                return unsafe String(copying: UTF8Span(unchecked: content.span, isKnownASCII: true))
            }
            return String(decoding: content, as: UTF8.self)
        }
        if usesUTF8Span, #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *),
            let isValid = UTF8Validation.isValid(bytes, from: start, to: end)
        {
            // Checked 16 bytes at a time here; copied without a second check.
            guard isValid else {
                throw JSONParseError.at(start, in: bytes, reason: "a string holds invalid UTF-8")
            }
            return unsafe String(copying: UTF8Span(unchecked: content.span))
        }
        guard let string = Self.validString(content, usesUTF8Span: usesUTF8Span) else {
            throw JSONParseError.at(start, in: bytes, reason: "a string holds invalid UTF-8")
        }
        return string
    }

    /// The string of `content` if it is valid UTF-8 (RFC 3629: no overlong forms, surrogates or
    /// scalars past U+10FFFF), else `nil`.
    ///
    /// One validation, the standard library's: `UTF8Span(validating:)`, whose string is then
    /// copied without a second check. Where that is not available (before macOS 26 and its
    /// peers), `String(decoding:as:)` validates as it decodes, repairing what is invalid; its
    /// result is always valid UTF-8, so it holds exactly the input's bytes when, and only when,
    /// the input was valid, which one `memcmp` tells. (A check of our own would validate a second
    /// time, and `String(validating:as:)` is not specialized: it looks up type metadata on every
    /// call.) `usesUTF8Span: false` takes the older way where the newer one exists too.
    @inline(__always)
    static func validString(_ content: UnsafeBufferPointer<UInt8>, usesUTF8Span: Bool = true) -> String? {
        if usesUTF8Span, #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            guard let span = try? UTF8Span(validating: content.span) else { return nil }
            return String(copying: span)
        }
        let string = String(decoding: content, as: UTF8.self)
        return string.utf8.hasBytes(content) ? string : nil
    }

    private func controlCharacterError() -> JSONParseError {
        error("a control character (0x\(String(bytes[position], radix: 16))) in a string must be escaped")
    }

    /// Reads the rest of a string from the first backslash (at the position), `start` being the
    /// offset after its opening quote.
    private mutating func parseEscapedString(from start: Int) throws(JSONParseError) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(position - start + 16)
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                position += 1
                let usesUTF8Span = usesUTF8Span
                return try buffer.withUnsafeBufferPointer { content throws(JSONParseError) in
                    guard let string = Self.validString(content, usesUTF8Span: usesUTF8Span) else {
                        throw JSONParseError.at(start, in: bytes, reason: "a string holds invalid UTF-8")
                    }
                    return string
                }
            case UInt8(ascii: "\\"):
                position += 1
                try appendEscape(to: &buffer)
            case 0..<0x20:
                throw controlCharacterError()
            default:
                let (end, _) = scanPlainRun(from: position)
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<end]))
                position = end
            }
        }
        throw JSONParseError.at(start - 1, in: bytes, reason: "a string is not closed; expected '\"'")
    }

    private mutating func appendEscape(to buffer: inout [UInt8]) throws(JSONParseError) {
        guard position < bytes.count else {
            throw error("unexpected end of input in an escape sequence")
        }
        let escape = bytes[position]
        position += 1
        switch escape {
        case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalarValue = UInt32(try readHex4())
            if (0xD800...0xDBFF).contains(scalarValue) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                else {
                    throw error("a \\u escape holds a lone high surrogate; expected a low surrogate \\uDC00…\\uDFFF")
                }
                position += 2
                let low = UInt32(try readHex4())
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("a \\u escape holds a lone high surrogate; expected a low surrogate \\uDC00…\\uDFFF")
                }
                scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalarValue) {
                throw error("a \\u escape holds a lone low surrogate")
            }
            guard let scalar = Unicode.Scalar(scalarValue) else {
                throw error("a \\u escape is not a Unicode scalar")
            }
            UTF8.encode(scalar) { buffer.append($0) }
        default:
            position -= 1
            throw error(
                "unknown escape '\\\(describeCharacter(escape))'; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"
            )
        }
    }

    private mutating func readHex4() throws(JSONParseError) -> UInt16 {
        guard position + 4 <= bytes.count else {
            throw error("a \\u escape needs four hexadecimal digits")
        }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("a \\u escape needs four hexadecimal digits")
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }
}
