/// Strings from the UTF-8 bytes libxml2 hands over, checked once.
///
/// `String(decoding:as:)` checks the bytes, then, to make the string, scans them a second time
/// for ASCII; under callgrind its check took about 200 instructions per text of the benchmark
/// feed (Chinese words between ASCII ones, where it goes one character at a time). Here one
/// pass checks the bytes (eight ASCII bytes at a time, a multi-byte sequence by its lead byte)
/// and notes whether they are ASCII, and the string is copied without a second check. Bytes
/// that are not valid UTF-8 take `String(decoding:as:)`, which repairs them exactly as before.
enum UTF8Text {
    /// The string of `bytes`, with each ill-formed sequence replaced by U+FFFD as
    /// `String(decoding:as:)` does.
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            let check = check(bytes)
            if check.isValid {
                // Checked above: valid UTF-8 (RFC 3629), ASCII when the check saw no byte past 0x7F.
                return unsafe String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: check.isASCII))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `bytes` are valid UTF-8 by RFC 3629 (Unicode's Table 3-7: no overlong forms, no
    /// surrogates, nothing past U+10FFFF, no truncated or stray sequence), and whether they are
    /// all ASCII.
    static func check(_ bytes: UnsafeBufferPointer<UInt8>) -> (isValid: Bool, isASCII: Bool) {
        guard let base = bytes.baseAddress else { return (true, true) }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var index = 0
        var isASCII = true
        while index < count {
            if index &+ 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let high = word & 0x8080_8080_8080_8080
                if high == 0 {
                    index &+= 8
                    continue
                }
                // Past the ASCII bytes before the first byte with its high bit set.
                index &+= high.trailingZeroBitCount &>> 3
            } else if count >= 8 {
                // Fewer than eight bytes left: the last eight, of which the first few are
                // checked already (the low bytes, in little-endian order).
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
                let checked = UInt64(8 &- (count &- index)) &* 8
                let high = word & 0x8080_8080_8080_8080 & ~((1 &<< checked) &- 1)
                if high == 0 { break }
                index = count &- 8 &+ high.trailingZeroBitCount &>> 3
            }
            let lead = base[index]
            if lead < 0x80 {
                index &+= 1
                continue
            }
            isASCII = false
            if index &+ 4 <= count {
                // A three-byte sequence, the common one in Chinese text, in one load: a lead
                // E0…EF and two continuation bytes, except E0 with a second byte below A0
                // (overlong) and ED with one from A0 (a surrogate), which bit 5 of the second
                // byte tells apart.
                let word = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt32.self))
                if word & 0x00C0_C0F0 == 0x0080_80E0 {
                    let tell = word & 0x200F
                    guard tell != 0, tell != 0x200D else { return (false, false) }
                    index &+= 3
                    continue
                }
            }
            if lead < 0xC2 {
                // A continuation byte without a lead, or C0/C1, which only start overlong forms.
                return (false, false)
            } else if lead < 0xE0 {
                guard index &+ 1 < count, isContinuation(base[index &+ 1]) else { return (false, false) }
                index &+= 2
            } else if lead < 0xF0 {
                guard index &+ 2 < count else { return (false, false) }
                let second = base[index &+ 1]
                guard isContinuation(second), isContinuation(base[index &+ 2]),
                    lead != 0xE0 || second >= 0xA0,  // overlong
                    lead != 0xED || second < 0xA0  // a surrogate
                else { return (false, false) }
                index &+= 3
            } else if lead < 0xF5 {
                guard index &+ 3 < count else { return (false, false) }
                let second = base[index &+ 1]
                guard isContinuation(second), isContinuation(base[index &+ 2]), isContinuation(base[index &+ 3]),
                    lead != 0xF0 || second >= 0x90,  // overlong
                    lead != 0xF4 || second < 0x90  // past U+10FFFF
                else { return (false, false) }
                index &+= 4
            } else {
                return (false, false)
            }
        }
        return (true, isASCII)
    }

    @inline(__always)
    private static func isContinuation(_ byte: UInt8) -> Bool {
        byte & 0xC0 == 0x80
    }
}
