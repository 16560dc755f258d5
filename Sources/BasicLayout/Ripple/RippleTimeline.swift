import Foundation

/// i博客园's `RippleButton`: rings that grow and fade out of a button, one starting every interval.
///
/// Ring `k` (k = 0, 1, 2, …) starts at `k · repeatInterval` and is alive while
/// `0 <= t - start < duration`. Its progress `p = (t - start) / duration` goes through the ``timing``
/// curve (Core Animation's ease-out, `cubic-bezier(0, 0, 0.58, 1)`, by default), and the eased progress
/// `e` drives both its scale, `fromScale + (toScale - fromScale)·e` (1 → 2.5), and its alpha,
/// `fromAlpha + (toAlpha - fromAlpha)·e` (1 → 0). With `repeatCount = -1` rings start forever; otherwise
/// only rings `0 ..< repeatCount` ever start.
///
/// ```swift
/// let ripple = try RippleTimeline(repeatInterval: 0.4)
/// for ring in ripple.rings(at: 1.25) { print(ring.index, ring.scale, ring.alpha) }  // rings 1, 2 and 3
/// ```
public struct RippleTimeline: Sendable, Hashable {
    /// The most rings ``rings(at:)`` may have to return at once: `duration / repeatInterval` is capped so
    /// that a mistyped interval cannot ask for millions of rings.
    public static let maximumLiveRings = 10_000

    /// The latest moment ``rings(at:)`` answers for, in seconds: 10^9 (about 31 years). Past it, ring
    /// start times lose the precision that tells one ring from the next; ``checkedRings(at:)``
    /// throws there, and ``rings(at:)`` has no rings.
    public static let maximumTime: TimeInterval = 1_000_000_000

    /// The seconds between one ring's start and the next's.
    public let repeatInterval: TimeInterval
    /// How many rings start in all; -1 means forever.
    public let repeatCount: Int
    /// How long each ring lives, in seconds; the original uses 1.
    public let duration: TimeInterval
    /// A ring's scale when it starts; the original uses 1.
    public let fromScale: CGFloat
    /// A ring's scale when it ends; the original uses 2.5.
    public let toScale: CGFloat
    /// A ring's alpha when it starts; the original uses 1.
    public let fromAlpha: CGFloat
    /// A ring's alpha when it ends; the original uses 0.
    public let toAlpha: CGFloat
    /// How progress is eased before it drives scale and alpha; the original uses ease-out.
    public let timing: TimingCurve

    /// Creates a ripple timeline, checking its parameters.
    ///
    /// - Throws: ``LayoutError`` when `repeatInterval` or `duration` is not a positive finite number,
    ///   `repeatCount < -1`, a scale or alpha is not finite, or more than ``maximumLiveRings`` rings would
    ///   be alive at once.
    public init(
        repeatInterval: TimeInterval, repeatCount: Int = -1, duration: TimeInterval = 1, fromScale: CGFloat = 1,
        toScale: CGFloat = 2.5, fromAlpha: CGFloat = 1, toAlpha: CGFloat = 0, timing: TimingCurve = .easeOut
    ) throws(LayoutError) {
        guard repeatInterval.isFinite, repeatInterval > 0 else {
            throw .invalidTimeInterval(name: "repeatInterval", value: repeatInterval)
        }
        guard duration.isFinite, duration > 0 else { throw .invalidTimeInterval(name: "duration", value: duration) }
        guard repeatCount >= -1 else { throw .invalidRepeatCount(repeatCount) }
        try Validation.finite(fromScale, "fromScale")
        try Validation.finite(toScale, "toScale")
        try Validation.finite(fromAlpha, "fromAlpha")
        try Validation.finite(toAlpha, "toAlpha")
        let live = (duration / repeatInterval).rounded(.up)
        guard live <= Double(Self.maximumLiveRings) else {
            throw .tooManyLiveRings(Int(clampingTowardZero: live))
        }
        self.repeatInterval = repeatInterval
        self.repeatCount = repeatCount
        self.duration = duration
        self.fromScale = fromScale
        self.toScale = toScale
        self.fromAlpha = fromAlpha
        self.toAlpha = toAlpha
        self.timing = timing
    }

    /// Whether rings keep starting forever (`repeatCount == -1`).
    public var repeatsForever: Bool { repeatCount == -1 }

    /// When the last ring has faded out, or `nil` when the ripple repeats forever (0 when no ring starts).
    public var totalDuration: TimeInterval? {
        if repeatsForever { return nil }
        if repeatCount == 0 { return 0 }
        return Double(repeatCount - 1) * repeatInterval + duration
    }

    /// The rings alive at `time` seconds after the start, oldest first.
    ///
    /// A ring started at `start` is alive while `0 <= time - start < duration`; a negative or non-finite
    /// `time`, or one past ``maximumTime``, has no rings (``checkedRings(at:)`` throws for the last two).
    /// - Complexity: O(`duration / repeatInterval`), at most ``maximumLiveRings``.
    public func rings(at time: TimeInterval) -> [RippleRing] {
        guard time.isFinite, time >= 0, time <= Self.maximumTime else { return [] }
        // Candidates from the interval arithmetic, widened by one at each end against rounding; the exact
        // test below decides.
        let newest = Int(clampingTowardZero: (time / repeatInterval).rounded(.down)) + 1
        let oldest = max(0, Int(clampingTowardZero: ((time - duration) / repeatInterval).rounded(.down)))
        let end = repeatsForever ? newest + 1 : min(newest + 1, repeatCount)
        guard oldest < end else { return [] }

        var rings: [RippleRing] = []
        for index in oldest..<end {
            let start = Double(index) * repeatInterval
            let elapsed = time - start
            guard elapsed >= 0, elapsed < duration else { continue }
            let progress = elapsed / duration
            let eased = timing.value(at: progress)
            rings.append(
                RippleRing(
                    index: index, startTime: start, progress: progress, easedProgress: eased,
                    scale: fromScale + (toScale - fromScale) * CGFloat(eased),
                    alpha: fromAlpha + (toAlpha - fromAlpha) * CGFloat(eased)))
        }
        return rings
    }

    /// The rings alive at `time`, as ``rings(at:)``, for a moment that must be at most ``maximumTime``
    /// (a moment before the start has no rings).
    ///
    /// - Throws: ``LayoutError/timeOutOfRange(_:)`` for a non-finite `time`, or one past
    ///   ``maximumTime``, rather than answering that no ring is alive.
    /// - Complexity: O(`duration / repeatInterval`), at most ``maximumLiveRings``.
    public func checkedRings(at time: TimeInterval) throws(LayoutError) -> [RippleRing] {
        guard time.isFinite, time <= Self.maximumTime else { throw .timeOutOfRange(time) }
        return rings(at: time)
    }
}
