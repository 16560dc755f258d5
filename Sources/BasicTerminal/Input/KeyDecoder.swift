/// Decodes the bytes a terminal sends in raw mode into ``Key``s: printable UTF-8, control
/// characters, and the escape sequences of xterm, tmux, screen, the Linux console and vt100
/// (`ESC [ A`, `ESC O A`, `ESC [ 5 ~`, `ESC [ 1 ; 5 A` with a modifier, `ESC [ Z`).
///
/// Bytes may arrive split anywhere: what ends in the middle of a sequence or a character waits
/// for the next ``decode(_:)``. A lone `ESC` is the Escape key only once no more bytes follow:
/// call ``flush()`` when input pauses.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode(Array("j\u{1B}[B博".utf8))   // [.character("j"), .down, .character("博")]
/// decoder.decode([0x1B])                     // [] (it may start a sequence)
/// decoder.flush()                            // [.escape]
/// ```
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// A decoder with nothing pending.
    public init() {}

    /// Whether bytes wait for more (an `ESC`, part of a sequence or a character).
    public var hasPending: Bool { !pending.isEmpty }

    /// The keys `bytes` complete, in order.
    ///
    /// - Complexity: O(*n*) in the bytes pending and given.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = Self.key(in: pending, at: index) else { break }
            if let key { keys.append(key) }
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// The keys of what is pending, now that no more bytes follow: a lone `ESC` is Escape, and
    /// so is the `ESC` of an unfinished sequence (the rest is read again as keys); part of a
    /// character is dropped.
    public mutating func flush() -> [Key] {
        guard let first = pending.first else { return [] }
        let rest = Array(pending.dropFirst())
        pending = []
        guard first == 0x1B else { return [] }
        var keys: [Key] = [.escape]
        keys += decode(rest)
        pending = []
        return keys
    }

    /// The key at `index` and how many bytes it takes (a nil key for bytes that mean nothing
    /// here), or nil when the bytes there are unfinished.
    static func key(in bytes: [UInt8], at index: Int) -> (Key?, Int)? {
        let byte = bytes[index]
        switch byte {
        case 0x1B:
            return escapeSequence(in: bytes, at: index)
        case 0x09: return (.tab, 1)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x01...0x1A: return (.control(Character(Unicode.Scalar(byte + 0x60))), 1)
        case 0x00, 0x1C...0x1F: return (nil, 1)
        case 0x20...0x7E: return (.character(Character(Unicode.Scalar(byte))), 1)
        default:
            return utf8Character(in: bytes, at: index)
        }
    }

    /// A UTF-8 character of two to four bytes; an invalid byte is skipped.
    private static func utf8Character(in bytes: [UInt8], at index: Int) -> (Key?, Int)? {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (nil, 1)
        }
        for offset in 1..<length {
            guard index + offset < bytes.count else { return nil }
            guard bytes[index + offset] & 0xC0 == 0x80 else { return (nil, offset) }
        }
        let text = String(decoding: bytes[index..<index + length], as: UTF8.self)
        guard let scalar = text.unicodeScalars.first, scalar != "\u{FFFD}", scalar.value >= 0xA0 else {
            return (nil, length)
        }
        return (.character(Character(scalar)), length)
    }

    /// `ESC` and what follows it: a CSI (`ESC [`) or SS3 (`ESC O`) sequence, or, before
    /// anything else, Escape alone (the next byte is then read as a key of its own).
    private static func escapeSequence(in bytes: [UInt8], at index: Int) -> (Key?, Int)? {
        guard index + 1 < bytes.count else { return nil }
        switch bytes[index + 1] {
        case UInt8(ascii: "["):
            return controlSequence(in: bytes, at: index)
        case UInt8(ascii: "O"):
            guard index + 2 < bytes.count else { return nil }
            let key: Key? =
                switch bytes[index + 2] {
                case UInt8(ascii: "A"): .up
                case UInt8(ascii: "B"): .down
                case UInt8(ascii: "C"): .right
                case UInt8(ascii: "D"): .left
                case UInt8(ascii: "H"): .home
                case UInt8(ascii: "F"): .end
                case UInt8(ascii: "M"): .enter
                default: nil
                }
            return (key, 3)
        case 0x1B:
            return (.escape, 1)
        default:
            return (.escape, 1)
        }
    }

    /// `ESC [ params intermediates final`: the final byte and the first parameter name the key;
    /// modifiers (`;5`) are ignored.
    private static func controlSequence(in bytes: [UInt8], at index: Int) -> (Key?, Int)? {
        var position = index + 2
        var parameters = ""
        while position < bytes.count, (0x30...0x3F).contains(bytes[position]) {
            parameters.append(Character(Unicode.Scalar(bytes[position])))
            position += 1
        }
        while position < bytes.count, (0x20...0x2F).contains(bytes[position]) { position += 1 }
        guard position < bytes.count else { return nil }
        let final = bytes[position]
        let length = position - index + 1
        guard (0x40...0x7E).contains(final) else { return (nil, length) }
        let first = Int(parameters.split(separator: ";").first ?? "") ?? 0
        let key: Key? =
            switch final {
            case UInt8(ascii: "A"): .up
            case UInt8(ascii: "B"): .down
            case UInt8(ascii: "C"): .right
            case UInt8(ascii: "D"): .left
            case UInt8(ascii: "H"): .home
            case UInt8(ascii: "F"): .end
            case UInt8(ascii: "Z"): .backTab
            case UInt8(ascii: "~"):
                switch first {
                case 1, 7: .home
                case 4, 8: .end
                case 3: .delete
                case 5: .pageUp
                case 6: .pageDown
                default: nil
                }
            default: nil
            }
        return (key, length)
    }
}
