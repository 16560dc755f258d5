import Foundation

/// The largest inputs the layouts accept, so that every result is a finite number and no layout
/// allocates more than a screen could show.
///
/// A length of 10^308 points, or 100 million grid items, is a typing mistake, not a screen: past
/// these limits a layout throws a ``LayoutError`` instead of answering with infinities (written
/// `null` in JSON) or running out of memory.
public enum LayoutLimits {
    /// The largest length, and the largest magnitude of an offset or position, in points: 10^9.
    public static let maximumLength: CGFloat = 1_000_000_000
}
