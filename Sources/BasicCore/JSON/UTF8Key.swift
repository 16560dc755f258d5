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
    @inline(__always)
    package init(_ string: String) {
        self.string = string
    }

    /// Whether the two strings have the same UTF-8 bytes.
    @inline(__always)
    package static func == (lhs: UTF8Key, rhs: UTF8Key) -> Bool {
        lhs.string.hasSameUTF8(as: rhs.string)
    }

    /// Hashes the UTF-8 bytes, consistently with `==`.
    @inline(__always)
    package func hash(into hasher: inout Hasher) {
        string.hashUTF8(into: &hasher)
    }
}

extension String {
    /// Whether this string and `other` have the same UTF-8 bytes (the same Unicode scalars), unlike
    /// `==`, which holds canonically equivalent strings equal.
    ///
    /// One pass over the bytes, read in place: a native string's bytes are contiguous (a small
    /// one's are copied to the stack, 15 bytes at most), so this is a count check and a `memcmp`,
    /// what `==` itself does for ASCII, without `==`'s normalisation of other text.
    ///
    /// - Complexity: O(*n*) in the length of the shorter string; O(1) when the lengths differ.
    @inline(__always)
    package func hasSameUTF8(as other: String) -> Bool {
        let compared = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.hasBytes(mine)
        }
        return compared ?? utf8.elementsEqual(other.utf8)
    }

    /// Feeds this string's UTF-8 bytes, then a terminator, to `hasher`.
    @inline(__always)
    package func hashUTF8(into hasher: inout Hasher) {
        // Read in place: no copy of the string, which `withUTF8` (a mutating method) would need.
        let hashed: Void? = utf8.withContiguousStorageIfAvailable { bytes in
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
        if hashed == nil {
            // A bridged string without contiguous UTF-8 (on Apple platforms): byte by byte.
            for byte in utf8 { hasher.combine(byte) }
        }
        // A byte that never occurs in UTF-8 ends the key, as String's own hash ends with one, so
        // that concatenated keys do not collide.
        hasher.combine(0xFF as UInt8)
    }

    /// Whether this string's UTF-8 bytes sort before `other`'s: the order of Unicode code points,
    /// which is how ``JSONRenderingStyle/sortsKeys`` orders keys.
    package func precedesInUTF8(_ other: String) -> Bool {
        utf8.lexicographicallyPrecedes(other.utf8)
    }
}

extension String.UTF8View {
    /// Whether these are exactly `bytes`: one `memcmp` when the view is contiguous, which a
    /// native string's is.
    @inline(__always)
    package func hasBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == bytes.count else { return false }
        let compared = withContiguousStorageIfAvailable { mine -> Bool in
            guard let mine = mine.baseAddress, let theirs = bytes.baseAddress else { return true }
            return memcmp(mine, theirs, bytes.count) == 0
        }
        return compared ?? elementsEqual(bytes)
    }
}
