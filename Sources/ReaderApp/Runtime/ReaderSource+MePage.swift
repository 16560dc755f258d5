import BasicCache
import BasicFormat
import BudejieClient

extension ReaderSource {
    /// The 我的 tab's squares from ``budejie``, or why there are none (the API did not answer,
    /// or not with squares).
    public func squares() async -> Result<[Square], ReaderFailure> {
        guard let budejie else { return .failure(ReaderFailure("no Budejie client was given")) }
        do {
            return .success(try await budejie.squares())
        } catch {
            return .failure(ReaderFailure(error.description))
        }
    }

    /// The bytes in the cache folders (``caches``), measured off the UI loop; a cancelled task
    /// ends at once with a failure that nobody waits for.
    public func measureCaches() async -> Result<UInt64, ReaderFailure> {
        guard let caches else { return .failure(ReaderFailure("no cache folder was given")) }
        do {
            return .success(try await caches.measure().logicalBytes)
        } catch {
            return .failure(ReaderFailure(error.description))
        }
    }

    /// Clears the cache folders, images first, then custom, telling `progress` how far each has
    /// got; what went, and what is left (measured again).
    public func clearCaches(
        progress: @escaping @Sendable (ReaderCaches.Folder, FolderCleaner.Progress) -> Void
    ) async -> Result<CacheClearing, ReaderFailure> {
        guard let caches else { return .failure(ReaderFailure("no cache folder was given")) }
        do {
            let summary = try await caches.clear(progress: progress)
            let remaining = try await caches.measure().logicalBytes
            return .success(
                CacheClearing(
                    removedFiles: summary.removedFiles, freedBytes: summary.freedBytes, skipped: summary.skipped,
                    remainingBytes: remaining))
        } catch {
            return .failure(ReaderFailure(error.description))
        }
    }
}
