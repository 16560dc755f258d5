import Foundation

/// Input checks shared by the layouts, each throwing the matching ``LayoutError``.
enum Validation {
    /// Throws unless `value` is finite, not negative and at most ``LayoutLimits/maximumLength``.
    static func length(_ value: CGFloat, _ name: String) throws(LayoutError) {
        guard value.isFinite, value >= 0, value <= LayoutLimits.maximumLength else {
            throw .invalidLength(name: name, value: value)
        }
    }

    /// Throws unless both dimensions of `size` are finite and not negative.
    static func size(_ size: CGSize, _ name: String) throws(LayoutError) {
        try length(size.width, "\(name) width")
        try length(size.height, "\(name) height")
    }

    /// Throws unless `value` is finite and at most ``LayoutLimits/maximumLength`` either way.
    static func finite(_ value: CGFloat, _ name: String) throws(LayoutError) {
        guard value.isFinite, abs(value) <= LayoutLimits.maximumLength else {
            throw .nonFiniteValue(name: name, value: value)
        }
    }

    /// Throws unless the origin is finite and the size finite and not negative.
    static func rect(_ rect: CGRect, _ name: String) throws(LayoutError) {
        try finite(rect.origin.x, "\(name) x")
        try finite(rect.origin.y, "\(name) y")
        try size(rect.size, name)
    }

    /// Throws unless `value` is zero or more, and at most `maximum`.
    static func count(_ value: Int, _ name: String, maximum: Int = .max) throws(LayoutError) {
        guard value >= 0 else { throw .negativeCount(name: name, value: value) }
        guard value <= maximum else { throw .tooManyItems(name: name, value: value, maximum: maximum) }
    }
}
