import BasicStore

/// Writes what refreshes bring back in shared transactions: a group commit. Each refresh hands
/// its work in and waits until the transaction holding it has committed; work handed in while
/// a transaction runs goes into the next one, so 200 feeds answering at once cost a few commits
/// (and `fsync`s) instead of 200. Each piece of work runs in a savepoint of its own: one that
/// throws is undone alone.
actor StoreWriter {
    /// A piece of work and who waits for its result.
    private struct Job {
        let work: @Sendable (KeyValueStore.Transaction) throws -> FeedRefreshResult
        let continuation: CheckedContinuation<Result<FeedRefreshResult, any Error>, Never>
    }

    private let store: KeyValueStore
    private var pending: [Job] = []
    private var isScheduled = false

    init(store: KeyValueStore) {
        self.store = store
    }

    /// Runs `work` in the next shared transaction and returns its result once that has committed.
    func write(_ work: @escaping @Sendable (KeyValueStore.Transaction) throws -> FeedRefreshResult) async -> Result<
        FeedRefreshResult, any Error
    > {
        await withCheckedContinuation { continuation in
            pending.append(Job(work: work, continuation: continuation))
            if !isScheduled {
                isScheduled = true
                Task { self.flush() }
            }
        }
    }

    /// Commits every piece of work handed in so far, in one transaction.
    private func flush() {
        isScheduled = false
        let jobs = pending
        pending = []
        guard !jobs.isEmpty else { return }
        var results: [Result<FeedRefreshResult, any Error>] = []
        results.reserveCapacity(jobs.count)
        do {
            try store.write { tx in
                for job in jobs {
                    do {
                        results.append(.success(try tx.savepoint { try job.work($0) }))
                    } catch {
                        results.append(.failure(error))
                    }
                }
            }
        } catch {
            // The commit failed: none of it was kept.
            results = jobs.map { _ in .failure(error) }
        }
        for (job, result) in zip(jobs, results) {
            job.continuation.resume(returning: result)
        }
    }
}
