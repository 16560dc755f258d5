import Foundation

/// Input checks shared by the layouts, each throwing the matching ``LayoutError``.
enum Validation {
    /// Throws unless `value` is finite and not negative.
    static func length(_ value: CGFloat, _ name: String) throws(LayoutError) {
        guard value.isFinite, value >= 0 else { throw .invalidLength(name: name, value: value) }
    }

    /// Throws unless both dimensions of `size` are finite and not negative.
    static func size(_ size: CGSize, _ name: String) throws(LayoutError) {
        try length(size.width, "\(name) width")
        try length(size.height, "\(name) height")
    }

    /// Throws unless `value` is finite.
    static func finite(_ value: CGFloat, _ name: String) throws(LayoutError) {
        guard value.isFinite else { throw .nonFiniteValue(name: name, value: value) }
    }

    /// Throws unless the origin is finite and the size finite and not negative.
    static func rect(_ rect: CGRect, _ name: String) throws(LayoutError) {
        try finite(rect.origin.x, "\(name) x")
        try finite(rect.origin.y, "\(name) y")
        try size(rect.size, name)
    }

    /// Throws unless `value` is zero or more.
    static func count(_ value: Int, _ name: String) throws(LayoutError) {
        guard value >= 0 else { throw .negativeCount(name: name, value: value) }
    }
}
