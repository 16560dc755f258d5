/// What the 我的 tab's cache work reports, as ``ReaderEvent/cache(_:_:)``: the size measured,
/// how far a clear has got, and how it ended.
public enum CacheReport: Hashable, Sendable {
    /// Measuring ended: the bytes in `images/` and `custom/`, or why there is no figure.
    case measured(Result<UInt64, ReaderFailure>)
    /// Clearing has got this far: `done` of `total` files of `folder`.
    case clearing(ReaderCaches.Folder, done: Int, total: Int)
    /// Clearing ended: what went and what is left, or why it stopped.
    case cleared(Result<CacheClearing, ReaderFailure>)

    /// Whether the work has ended (measured or cleared), so its request is done.
    public var isFinal: Bool {
        if case .clearing = self { return false }
        return true
    }
}

/// What clearing the cache folders did.
public struct CacheClearing: Hashable, Sendable {
    /// Files removed.
    public var removedFiles: Int
    /// The sum of the removed files' sizes.
    public var freedBytes: UInt64
    /// Entries that vanished or could not be removed, and mount points left alone.
    public var skipped: Int
    /// The bytes left in the folders afterwards (measured again): 0 when all went.
    public var remainingBytes: UInt64

    /// A report of these figures.
    public init(removedFiles: Int, freedBytes: UInt64, skipped: Int, remainingBytes: UInt64) {
        self.removedFiles = removedFiles
        self.freedBytes = freedBytes
        self.skipped = skipped
        self.remainingBytes = remainingBytes
    }
}
