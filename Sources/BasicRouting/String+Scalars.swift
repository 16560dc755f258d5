// Links compare by Unicode scalars, as URLs do: Swift's `String ==` holds canonically equivalent
// strings equal (`é` as U+00E9 and as `e` + U+0301), which would route one to the other's handler.

extension String {
    /// Whether this string and `other` have the same UTF-8 bytes, that is the same Unicode scalars.
    func hasSameScalars(as other: String) -> Bool {
        utf8.count == other.utf8.count && utf8.elementsEqual(other.utf8)
    }

    /// Feeds the UTF-8 bytes to `hasher`, consistently with ``hasSameScalars(as:)``.
    func hashScalars(into hasher: inout Hasher) {
        hasher.combine(utf8.count)
        for byte in utf8 { hasher.combine(byte) }
    }
}
