import Foundation

/// One ring of a ``RippleTimeline`` at a moment: how far it has grown and how faded it is.
public struct RippleRing: Sendable, Hashable {
    /// The ring's number: ring `k` starts at `k · repeatInterval`.
    public let index: Int
    /// When the ring started, in seconds from the timeline's start.
    public let startTime: TimeInterval
    /// The fraction of the ring's duration that has passed, in `0..<1`.
    public let progress: Double
    /// ``progress`` through the timeline's timing curve (ease-out by default).
    public let easedProgress: Double
    /// The ring's scale: from the start scale (1) to the end scale (2.5) by ``easedProgress``.
    public let scale: CGFloat
    /// The ring's opacity: from the start alpha (1) to the end alpha (0) by ``easedProgress``.
    public let alpha: CGFloat

    /// Creates a ring from its parts; ``RippleTimeline/rings(at:)`` is the usual source.
    public init(
        index: Int, startTime: TimeInterval, progress: Double, easedProgress: Double, scale: CGFloat,
        alpha: CGFloat
    ) {
        self.index = index
        self.startTime = startTime
        self.progress = progress
        self.easedProgress = easedProgress
        self.scale = scale
        self.alpha = alpha
    }
}
