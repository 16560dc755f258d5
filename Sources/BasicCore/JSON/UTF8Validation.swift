/// Strict UTF-8 validation of a string's bytes inside a JSON document (RFC 3629, Unicode's Table
/// 3-7: no overlong forms, no surrogates, nothing past U+10FFFF, no truncated sequence), 16 bytes
/// at a time with no branch per character.
///
/// For each byte it works out from the three bytes before it whether a continuation byte must
/// stand there (one after any lead byte, two after a three- or four-byte lead, three after a
/// four-byte lead), and requires a continuation byte exactly there; then the byte ranges that
/// would be overlong, a surrogate or past U+10FFFF (`E0` then `80…9F`, `ED` then `A0…BF`, `F0`
/// then `80…8F`, `F4` then `90…BF`) and the bytes that never occur (`C0`, `C1`, `F5…FF`). The
/// three bytes before a position are read by loading the same memory 1, 2 and 3 bytes earlier.
/// Text where ASCII words and CJK characters alternate, as API text does, made the standard
/// library's check (which branches per character) a fifth of the parser's time under `perf`.
enum UTF8Validation {
    /// Whether the bytes from `start` to `end` are valid UTF-8, where `bytes[end]` is the string's
    /// closing quote (which must not stand where a continuation byte is missing). `nil` when the
    /// bytes are too near either end of the buffer to read 16 at a time (3 before `start`, 16
    /// from each block): then the caller validates another way.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool? {
        guard let base = bytes.baseAddress, start >= 3, end &+ 16 <= bytes.count else { return nil }
        let raw = UnsafeRawPointer(base)
        let lane = SIMD16<UInt8>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
        var index = start
        var errors = SIMD16<UInt8>()
        while index <= end {
            let block = Block(
                raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self),
                raw.loadUnaligned(fromByteOffset: index &- 1, as: SIMD16<UInt8>.self),
                raw.loadUnaligned(fromByteOffset: index &- 2, as: SIMD16<UInt8>.self),
                raw.loadUnaligned(fromByteOffset: index &- 3, as: SIMD16<UInt8>.self))
            // Lanes up to the closing quote count; past it, the next value's bytes do not.
            let counted = Block.mask(lane .< SIMD16(repeating: UInt8(truncatingIfNeeded: min(end &- index &+ 1, 16))))
            errors |= block.errors & counted
            index &+= 16
        }
        let words = unsafeBitCast(errors, to: SIMD2<UInt64>.self)
        return words[0] | words[1] == 0
    }

    /// Sixteen bytes and the same memory one, two and three bytes earlier.
    private struct Block {
        let current: SIMD16<UInt8>
        let back1: SIMD16<UInt8>
        let back2: SIMD16<UInt8>
        let back3: SIMD16<UInt8>

        init(_ current: SIMD16<UInt8>, _ back1: SIMD16<UInt8>, _ back2: SIMD16<UInt8>, _ back3: SIMD16<UInt8>) {
            self.current = current
            self.back1 = back1
            self.back2 = back2
            self.back3 = back3
        }

        /// All ones in the lanes that break a rule. Only comparisons and bitwise operations of
        /// the vector with itself: they compile to single SSE2 instructions, where the generic
        /// ones (against a scalar, `any`, `.>=`) loop over the lanes.
        var errors: SIMD16<UInt8> {
            let isContinuation = Self.mask(current & Self.splat(0xC0) .== Self.splat(0x80))
            let mustContinue =
                Self.atLeast(back1, 0xC0) | Self.atLeast(back2, 0xE0) | Self.atLeast(back3, 0xF0)
            let misplaced = isContinuation ^ mustContinue
            let overlong3 = Self.mask(back1 .== Self.splat(0xE0)) & Self.below(current, 0xA0)
            let surrogate = Self.mask(back1 .== Self.splat(0xED)) & Self.atLeast(current, 0xA0)
            let overlong4 = Self.mask(back1 .== Self.splat(0xF0)) & Self.below(current, 0x90)
            let tooLarge = Self.mask(back1 .== Self.splat(0xF4)) & Self.atLeast(current, 0x90)
            let never =
                Self.mask(current .== Self.splat(0xC0)) | Self.mask(current .== Self.splat(0xC1))
                | Self.atLeast(current, 0xF5)
            return misplaced | overlong3 | surrogate | overlong4 | tooLarge | never
        }

        @inline(__always)
        static func splat(_ byte: UInt8) -> SIMD16<UInt8> { SIMD16(repeating: byte) }

        /// A comparison's result as bytes: all ones where it holds, zero elsewhere.
        @inline(__always)
        static func mask(_ mask: SIMDMask<SIMD16<Int8>>) -> SIMD16<UInt8> {
            unsafeBitCast(mask, to: SIMD16<UInt8>.self)
        }

        @inline(__always)
        static func below(_ vector: SIMD16<UInt8>, _ bound: UInt8) -> SIMD16<UInt8> {
            mask(vector .< splat(bound))
        }

        @inline(__always)
        static func atLeast(_ vector: SIMD16<UInt8>, _ bound: UInt8) -> SIMD16<UInt8> {
            below(vector, bound) ^ splat(0xFF)
        }
    }
}
