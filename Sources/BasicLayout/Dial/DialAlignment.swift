/// Which side of the view a ``DialLayout``'s wheel turns on.
///
/// The raw values are the lowercase names, for command lines and JSON.
public enum DialAlignment: String, Sendable, Hashable, CaseIterable {
    /// The hub is off the view's left edge; items stick out to the right (`WHEELALIGNMENTLEFT`).
    case left
    /// The hub is off the view's right edge; items stick out to the left.
    case right
    /// The hub is `radius` below the view's centre; the active item sits at the view's centre and the
    /// others fan out along the top of the wheel (a design of ours: the original leaves it unimplemented).
    case center
}
