import Foundation

/// BasicServicesLib's `UIRelayoutButton`: an image and a title placed around each other, centred.
///
/// The style names the image's side. For ``RelayoutButtonStyle/top`` and ``RelayoutButtonStyle/bottom``
/// the pair is stacked vertically (total height `image.height + spacing + title.height`), each piece
/// centred horizontally in the bounds; for ``RelayoutButtonStyle/left`` and ``RelayoutButtonStyle/right``
/// it is placed side by side (total width `image.width + spacing + title.width`), each piece centred
/// vertically. Either way the pair as a whole is centred in the bounds, and it may overflow them when the
/// pieces are larger than the button.
///
/// When the image or the title is empty (zero width and zero height) there is nothing to separate, so
/// the spacing is left out and the other piece alone is centred.
///
/// ```swift
/// let layout = RelayoutButtonLayout(style: .top, spacing: 4)
/// let frames = try layout.frames(
///     in: CGRect(x: 0, y: 0, width: 80, height: 80),
///     imageSize: CGSize(width: 30, height: 30), titleSize: CGSize(width: 50, height: 20))
/// frames.imageFrame  // (25, 13, 30, 30)
/// frames.titleFrame  // (15, 47, 50, 20)
/// ```
public struct RelayoutButtonLayout: Sendable, Hashable {
    /// The image's side of the title.
    public var style: RelayoutButtonStyle
    /// The gap between the image and the title, in points.
    public var spacing: CGFloat

    /// Creates the layout for `style` with `spacing` points between image and title.
    public init(style: RelayoutButtonStyle, spacing: CGFloat = 0) {
        self.style = style
        self.spacing = spacing
    }

    /// Computes the image and title frames inside `bounds` for pieces of the given sizes.
    ///
    /// - Throws: ``LayoutError`` when `bounds` is not finite or has a negative size, or `spacing`,
    ///   `imageSize` or `titleSize` is negative or not finite.
    public func frames(in bounds: CGRect, imageSize: CGSize, titleSize: CGSize) throws(LayoutError)
        -> ButtonFrames
    {
        try Validation.rect(bounds, "bounds")
        try Validation.length(spacing, "spacing")
        try Validation.size(imageSize, "image")
        try Validation.size(titleSize, "title")

        let isEmpty = { (size: CGSize) in size.width == 0 && size.height == 0 }
        let gap = isEmpty(imageSize) || isEmpty(titleSize) ? 0 : spacing
        let midX = bounds.origin.x + bounds.size.width / 2
        let midY = bounds.origin.y + bounds.size.height / 2

        let first: CGSize
        let second: CGSize
        switch style {
        case .top, .left: (first, second) = (imageSize, titleSize)
        case .bottom, .right: (first, second) = (titleSize, imageSize)
        }

        let firstFrame: CGRect
        let secondFrame: CGRect
        if style.isVertical {
            let top = midY - (first.height + gap + second.height) / 2
            firstFrame = CGRect(origin: CGPoint(x: midX - first.width / 2, y: top), size: first)
            secondFrame = CGRect(
                origin: CGPoint(x: midX - second.width / 2, y: top + first.height + gap), size: second)
        } else {
            let left = midX - (first.width + gap + second.width) / 2
            firstFrame = CGRect(origin: CGPoint(x: left, y: midY - first.height / 2), size: first)
            secondFrame = CGRect(
                origin: CGPoint(x: left + first.width + gap, y: midY - second.height / 2), size: second)
        }

        switch style {
        case .top, .left:
            return ButtonFrames(bounds: bounds, imageFrame: firstFrame, titleFrame: secondFrame)
        case .bottom, .right:
            return ButtonFrames(bounds: bounds, imageFrame: secondFrame, titleFrame: firstFrame)
        }
    }
}
