import Foundation

/// Where a button's image and title go, in the coordinates of the bounds they were computed for.
///
/// Both ``SquareButtonLayout`` and ``RelayoutButtonLayout`` produce this; an iOS button assigns
/// `imageView.frame = imageFrame` and `titleLabel.frame = titleFrame` in `layoutSubviews`.
public struct ButtonFrames: Sendable, Hashable {
    /// The button's bounds the frames were computed in.
    public let bounds: CGRect
    /// The image view's frame.
    public let imageFrame: CGRect
    /// The title label's frame.
    public let titleFrame: CGRect

    /// Creates button frames from their parts; the layouts are the usual source.
    public init(bounds: CGRect, imageFrame: CGRect, titleFrame: CGRect) {
        self.bounds = bounds
        self.imageFrame = imageFrame
        self.titleFrame = titleFrame
    }
}
