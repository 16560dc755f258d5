import Foundation

/// The one error type of `BasicLayout`: a layout input that cannot produce a layout.
///
/// Every case carries the offending value, and ``description`` is one line saying what was wrong and
/// how to fix it.
///
/// ```swift
/// do {
///     _ = try GridLayout(columns: 0).layout(count: 8, width: 375)
/// } catch {
///     print(error)  // grid columns must be at least 1, got 0; pass columns >= 1
/// }
/// ```
public enum LayoutError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A grid was asked for fewer than one column.
    case invalidColumns(Int)
    /// An item count was negative; `name` says which count (`"count"`, `"itemCount"`).
    case negativeCount(name: String, value: Int)
    /// A length (a width, spacing, inset, size or radius) was negative, not a finite number, or
    /// more than ``LayoutLimits/maximumLength``.
    case invalidLength(name: String, value: CGFloat)
    /// A value that may be any number (an offset, a position, a scale) was infinite, NaN, or
    /// beyond ``LayoutLimits/maximumLength`` either way.
    case nonFiniteValue(name: String, value: CGFloat)
    /// A count of items was more than a layout lays out at once: `maximum` (``GridLayout/maximumCount``).
    case tooManyItems(name: String, value: Int, maximum: Int)
    /// A ripple was asked about a moment past ``RippleTimeline/maximumTime``.
    case timeOutOfRange(TimeInterval)
    /// A grid's insets and spacing leave no room for its items.
    case itemsDoNotFit(width: CGFloat, reserved: CGFloat)
    /// A dial's item height was zero, negative or not finite.
    case invalidItemHeight(CGFloat)
    /// A dial's angular spacing was outside ``DialLayout/minimumAngularSpacing`` `...180` degrees.
    case invalidAngularSpacing(CGFloat)
    /// A time span (a ripple's duration or repeat interval) was zero, negative or not finite.
    case invalidTimeInterval(name: String, value: TimeInterval)
    /// A ripple's repeat count was below -1 (-1 means forever).
    case invalidRepeatCount(Int)
    /// A ripple would keep more rings alive at once than ``RippleTimeline/maximumLiveRings``.
    case tooManyLiveRings(Int)
    /// A cubic-bezier timing curve had a control point x outside `0...1`, so it is not a function of time.
    case invalidTimingCurve(x1: Double, x2: Double)

    /// One line: what was wrong, with the value, and what to pass instead.
    public var description: String {
        switch self {
        case .invalidColumns(let columns):
            return "grid columns must be at least 1, got \(columns); pass columns >= 1"
        case .negativeCount(let name, let value):
            return "\(name) must not be negative, got \(value); pass 0 or more items"
        case .invalidLength(let name, let value):
            return "\(name) must be a number from 0 to \(Self.format(LayoutLimits.maximumLength)), "
                + "got \(Self.format(value)); pass a non-negative \(name) of at most a billion points"
        case .nonFiniteValue(let name, let value):
            return "\(name) must be a finite number from -\(Self.format(LayoutLimits.maximumLength)) to "
                + "\(Self.format(LayoutLimits.maximumLength)), got \(Self.format(value)); pass a real number in that range"
        case .tooManyItems(let name, let value, let maximum):
            return "\(name) must be at most \(maximum) items, got \(value); lay out fewer items at once"
        case .timeOutOfRange(let value):
            return
                "a ripple moment must be a finite number of seconds up to \(Self.format(RippleTimeline.maximumTime)), "
                + "got \(Self.format(value)); pass an earlier moment"
        case .itemsDoNotFit(let width, let reserved):
            return "grid width \(Self.format(width)) is smaller than its insets and spacing "
                + "(\(Self.format(reserved))); widen the container or reduce insets/spacing"
        case .invalidItemHeight(let value):
            return "dial itemHeight must be greater than 0, got \(Self.format(value)); pass a positive itemHeight"
        case .invalidAngularSpacing(let value):
            return "dial angularSpacing must be in \(Self.format(DialLayout.minimumAngularSpacing)) <= degrees <= 180, "
                + "got \(Self.format(value)); pass e.g. 12 degrees"
        case .invalidTimeInterval(let name, let value):
            return "ripple \(name) must be greater than 0 seconds, got \(Self.format(value)); "
                + "pass a positive \(name)"
        case .invalidRepeatCount(let value):
            return "ripple repeatCount must be -1 (forever) or 0 or more, got \(value); pass -1 or a ring count"
        case .tooManyLiveRings(let value):
            return "ripple would keep \(value) rings alive at once (at most \(RippleTimeline.maximumLiveRings)); "
                + "lengthen repeatInterval or shorten duration"
        case .invalidTimingCurve(let x1, let x2):
            return "timing curve control x values must be in 0...1, got x1 \(Self.format(x1)) and x2 "
                + "\(Self.format(x2)); pass x values between 0 and 1"
        }
    }

    /// Formats a number the way the rest of the module does, keeping NaN and infinities readable.
    private static func format(_ value: CGFloat) -> String {
        format(Double(value))
    }

    private static func format(_ value: Double) -> String {
        // Huge numbers in exponent form, so that 1e308 does not print 309 digits.
        value.isFinite && abs(value) < 1e15 ? CompactNumber.format(value) : "\(value)"
    }
}
