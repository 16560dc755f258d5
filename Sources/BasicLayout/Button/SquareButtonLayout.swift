import Foundation

/// The Budejie "Me" page's square button (`CLMeSquareButton.layoutSubviews`): an image above a title.
///
/// For bounds `W × H` at `(x, y)`:
///
/// - the image is a square `0.5·W` wide, its top at `y + 0.15·H`, centred horizontally;
/// - the title spans the full width, from the image's bottom to the button's bottom. When the image
///   already reaches past the bottom (a button much wider than tall), the title's height is 0 rather than
///   negative.
///
/// The two ratios are stored properties, so a different design can reuse the rule.
///
/// ```swift
/// let frames = try SquareButtonLayout().frames(in: CGRect(x: 0, y: 0, width: 100, height: 100))
/// frames.imageFrame  // (25, 15, 50, 50)
/// frames.titleFrame  // (0, 65, 100, 35)
/// ```
public struct SquareButtonLayout: Sendable, Hashable {
    /// The image's top as a fraction of the button's height; the original uses 0.15.
    public var imageTopRatio: CGFloat
    /// The image's side as a fraction of the button's width; the original uses 0.5.
    public var imageWidthRatio: CGFloat

    /// Creates the layout with the original's ratios unless told otherwise.
    public init(imageTopRatio: CGFloat = 0.15, imageWidthRatio: CGFloat = 0.5) {
        self.imageTopRatio = imageTopRatio
        self.imageWidthRatio = imageWidthRatio
    }

    /// Computes the image and title frames inside `bounds`.
    ///
    /// - Throws: ``LayoutError`` when `bounds` has a negative or non-finite size or a non-finite origin,
    ///   or a ratio is negative or not finite.
    public func frames(in bounds: CGRect) throws(LayoutError) -> ButtonFrames {
        try Validation.rect(bounds, "bounds")
        try Validation.length(imageTopRatio, "imageTopRatio")
        try Validation.length(imageWidthRatio, "imageWidthRatio")

        let width = bounds.size.width
        let height = bounds.size.height
        let side = width * imageWidthRatio
        let image = CGRect(
            x: bounds.origin.x + (width - side) / 2,
            y: bounds.origin.y + height * imageTopRatio,
            width: side,
            height: side)
        let titleTop = image.origin.y + side
        let title = CGRect(
            x: bounds.origin.x,
            y: titleTop,
            width: width,
            height: max(0, bounds.origin.y + height - titleTop))
        return ButtonFrames(bounds: bounds, imageFrame: image, titleFrame: title)
    }
}
