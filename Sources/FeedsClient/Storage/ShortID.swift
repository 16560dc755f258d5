/// Short, stable ids: FNV-1a over UTF-8, written in lower-case Crockford base 32 (no `i`, `l`,
/// `o`, `u`), which reads and types without ambiguity.
enum ShortID {
    /// The alphabet of the ids.
    static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz".utf8)

    /// FNV-1a, 64 bits, of `text`'s UTF-8 bytes: stable across runs and platforms.
    static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The first `length` base-32 digits of `hash` (5 bits each, from the top).
    static func digits(_ hash: UInt64, length: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        for index in 0..<min(length, 12) {
            bytes.append(alphabet[Int((hash >> UInt64(59 - 5 * index)) & 31)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// An id of `length` digits for `text` that is not in `taken`: salted again on a collision.
    /// Past a thousand collisions the id grows a digit, so that a crowded space cannot hang it.
    static func unique(for text: String, length: Int, isTaken: (String) -> Bool) -> String {
        var salt = 0
        while true {
            let id = digits(hash(salt == 0 ? text : text + "\u{0}\(salt)"), length: length + salt / 1000)
            if !isTaken(id) { return id }
            salt += 1
        }
    }

    /// Whether `text` could be an id of this alphabet.
    static func isWellFormed(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { alphabet.contains($0) }
    }
}
