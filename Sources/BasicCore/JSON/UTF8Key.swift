#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A string that compares and hashes by its UTF-8 bytes, that is by its Unicode scalars, as
/// RFC 8259 §8.3 compares object keys.
///
/// Swift's `String ==` is canonical equivalence: `"é"` (U+00E9) equals `"e\u{301}"` (`e` and a
/// combining acute accent), so a `[String: …]` dictionary folds the two into one key. JSON, XML and
/// URLs tell them apart, and so do ``JSONObject``, key paths and BasicXML's converter, through
/// this type. Hashing bytes is also faster than `String`'s hash for text that is not ASCII, which
/// has to be normalised first.
package struct UTF8Key: Hashable, Sendable {
    /// The string, as it was written.
    package var string: String

    /// The key for `string`.
    package init(_ string: String) {
        self.string = string
    }

    /// Whether the two strings have the same UTF-8 bytes.
    package static func == (lhs: UTF8Key, rhs: UTF8Key) -> Bool {
        lhs.string.hasSameUTF8(as: rhs.string)
    }

    /// Hashes the UTF-8 bytes, consistently with `==`.
    package func hash(into hasher: inout Hasher) {
        string.hashUTF8(into: &hasher)
    }
}

extension String {
    /// Whether this string and `other` have the same UTF-8 bytes (the same Unicode scalars), unlike
    /// `==`, which holds canonically equivalent strings equal.
    ///
    /// - Complexity: O(*n*) in the length of the shorter string; O(1) when the lengths differ.
    @inline(__always)
    package func hasSameUTF8(as other: String) -> Bool {
        let count = utf8.count
        guard count == other.utf8.count else { return false }
        // `==` first: strings with different bytes are nearly always not even canonically
        // equivalent, and the standard library rejects those fastest (a byte compare for ASCII).
        // Equivalent strings are then checked byte for byte: only they can differ in spelling.
        guard self == other else { return false }
        let compared = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs -> Bool in
                guard let mine = mine.baseAddress, let theirs = theirs.baseAddress else { return true }
                return memcmp(mine, theirs, count) == 0
            }
        }
        if let compared, let result = compared { return result }
        return utf8.elementsEqual(other.utf8)
    }

    /// Feeds this string's UTF-8 bytes, and their count, to `hasher`.
    @inline(__always)
    package func hashUTF8(into hasher: inout Hasher) {
        var copy = self
        copy.withUTF8 { bytes in
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
        // The count after the bytes, as String's own hash ends with a terminator, so that
        // concatenated keys do not collide.
        hasher.combine(utf8.count)
    }

    /// Whether this string's UTF-8 bytes sort before `other`'s: the order of Unicode code points,
    /// which is how ``JSONRenderingStyle/sortsKeys`` orders keys.
    package func precedesInUTF8(_ other: String) -> Bool {
        utf8.lexicographicallyPrecedes(other.utf8)
    }
}
