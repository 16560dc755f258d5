/// Which side of the title a ``RelayoutButtonLayout`` puts the image on.
///
/// The names follow BasicServicesLib's `UIRelayoutButtonStyle…`: ``top`` is `UIRelayoutButtonStyleTop`,
/// the image above the title. The raw values are the lowercase names, for command lines and JSON.
public enum RelayoutButtonStyle: String, Sendable, Hashable, CaseIterable {
    /// The image above the title, the pair stacked vertically.
    case top
    /// The image left of the title, the pair side by side.
    case left
    /// The image below the title, the pair stacked vertically.
    case bottom
    /// The image right of the title, the pair side by side.
    case right

    /// Whether the image and title are stacked vertically (``top`` and ``bottom``).
    public var isVertical: Bool { self == .top || self == .bottom }
}
