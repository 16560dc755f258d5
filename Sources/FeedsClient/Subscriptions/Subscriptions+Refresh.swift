import BasicNetworking
import BasicStore
import BasicXML
import Foundation

extension Subscriptions {
    /// Refreshes every due feed, or the feeds named, all at once through the pool.
    ///
    /// ```swift
    /// let summary = try await subscriptions.refresh { progress in
    ///     print(progress)          // refreshed 37/200, 3 failed
    /// }
    /// print(summary)               // refreshed 200 feeds (180 not modified), 20 new items, 3 failed, 0 not due
    /// for failure in summary.failures { print(failure) }
    /// ```
    ///
    /// - Parameters:
    ///   - feeds: URLs or ids of the feeds to refresh; empty for every feed.
    ///   - force: refresh even the feeds that are not due (their minimum interval, or the server's
    ///     `max-age` or `Retry-After`, has not passed).
    ///   - progress: called after each feed, from any thread.
    /// - Returns: a result per feed, in list order; failures are results, not errors.
    /// - Throws: ``FeedsError/unknownFeed(_:)`` for a name no subscription has (before anything is
    ///   fetched), ``FeedsError/storage(_:)`` when the list cannot be read.
    public func refresh(
        _ feeds: [String] = [], force: Bool = false, progress: (@Sendable (RefreshProgress) -> Void)? = nil
    ) async throws(FeedsError) -> RefreshSummary {
        let all = try withStore { try store.read { try FeedStore.subscriptions($0) } }
        var chosen: [Subscription] = []
        if feeds.isEmpty {
            chosen = all
        } else {
            for reference in feeds {
                guard let found = Self.find(reference, in: all) else { throw .unknownFeed(reference) }
                if !chosen.contains(where: { $0.id == found.id }) { chosen.append(found) }
            }
        }
        let moment = now()
        var results: [String: FeedRefreshResult] = [:]
        var due: [Subscription] = []
        for subscription in chosen {
            if !force, !subscription.isDue(at: moment), let next = subscription.nextRefresh {
                results[subscription.id] = FeedRefreshResult(
                    feedID: subscription.id, title: subscription.title, url: subscription.url,
                    outcome: .skipped(until: next), bytesReceived: 0)
            } else {
                due.append(subscription)
            }
        }
        let total = due.count
        let finished = await withTaskGroup(of: FeedRefreshResult.self) { group in
            for subscription in due {
                group.addTask { await self.refreshShared(subscription.id) }
            }
            var finished: [FeedRefreshResult] = []
            var failed = 0
            for await result in group {
                finished.append(result)
                if result.isFailure { failed += 1 }
                progress?(RefreshProgress(done: finished.count, total: total, failed: failed, latest: result))
            }
            return finished
        }
        for result in finished { results[result.feedID] = result }
        return RefreshSummary(results: chosen.compactMap { results[$0.id] })
    }

    /// The refresh of one feed, shared with every caller that asks for the same feed while it runs.
    func refreshShared(_ id: String) async -> FeedRefreshResult {
        let task = refreshes.withLock { running in
            if let task = running[id] { return task }
            let task = Task { await self.refreshNow(id) }
            running[id] = task
            return task
        }
        let result = await task.value
        refreshes.withLock { running in
            if running[id] == task { running[id] = nil }
        }
        return result
    }

    /// Fetches one feed and stores what came of it.
    private func refreshNow(_ id: String) async -> FeedRefreshResult {
        let subscription: Subscription
        do {
            guard let found = try store.read({ try FeedStore.subscription(id, $0) }) else {
                return FeedRefreshResult(
                    feedID: id, title: id, url: URL(fileURLWithPath: "/"), outcome: .failed(.unknownFeed(id)),
                    bytesReceived: 0)
            }
            subscription = found
        } catch {
            return FeedRefreshResult(
                feedID: id, title: id, url: URL(fileURLWithPath: "/"), outcome: .failed(.store(error)),
                bytesReceived: 0)
        }
        let started = now()
        let fetched: FeedFetcher.Result
        do {
            fetched = try await fetcher.fetch(
                subscription.url, etag: subscription.etag, lastModified: subscription.lastModified)
        } catch {
            return await recordFailure(error, of: subscription, at: started, response: nil, bytes: 0)
        }
        switch fetched.outcome {
        case .status(let response):
            let error = FeedsError.httpStatus(
                url: fetched.finalURL.absoluteString, status: response.status,
                retryAfter: CachePolicy.retryAfter(response, now: started))
            return await recordFailure(
                error, of: subscription, at: started, response: response, bytes: response.body.count)
        case .notModified(let response):
            return await storeAnswer(
                response, feed: nil, of: subscription, movedTo: fetched.permanentURL, at: started,
                bytes: response.body.count)
        case .fetched(let response):
            let feed: Feed
            do {
                feed = try Feed(
                    parsing: response.body, url: fetched.finalURL, fallbackEncoding: CachePolicy.charset(response))
            } catch {
                let failure = FeedsError.notAFeed(url: fetched.finalURL.absoluteString, reason: "\(error)")
                return await recordFailure(
                    failure, of: subscription, at: started, response: response, bytes: response.body.count)
            }
            return await storeAnswer(
                response, feed: feed, of: subscription, movedTo: fetched.permanentURL, at: started,
                bytes: response.body.count)
        }
    }

    /// Stores a successful answer: for a new copy its items too, for a 304 only the times and the
    /// server's wishes.
    private func storeAnswer(
        _ response: Response, feed: Feed?, of subscription: Subscription, movedTo: URL?, at moment: Date, bytes: Int
    ) async -> FeedRefreshResult {
        let prepared = feed.map(ItemMerger.prepare) ?? []
        let hasFeed = feed != nil
        let plainTitle = feed?.plainTitle
        let siteURL = feed.flatMap(Subscription.siteURL(of:))
        let configuration = configuration
        let result = await writer.write { tx in
            guard var current = try FeedStore.subscription(subscription.id, tx) else {
                return FeedRefreshResult(
                    feedID: subscription.id, title: subscription.title, url: subscription.url,
                    outcome: .failed(.unknownFeed(subscription.id)), bytesReceived: bytes)
            }
            current.record(response, title: plainTitle, siteURL: siteURL, at: moment, configuration: configuration)
            var moved: URL?
            if let movedTo, FeedAddress.normalized(movedTo) != FeedAddress.normalized(current.url) {
                let others = try FeedStore.subscriptions(tx).filter { $0.id != current.id }
                if Self.find(movedTo.absoluteString, in: others) == nil {
                    current.url = movedTo
                    moved = movedTo
                }
            }
            var outcome = FeedRefreshResult.Outcome.notModified
            if hasFeed {
                let existing = try FeedStore.items(of: current.id, tx)
                let search = try FeedStore.searchTexts(of: current.id, tx)
                let merger = ItemMerger(
                    feedID: current.id, maximumItems: current.maximumItems ?? configuration.maximumItems, now: moment)
                let merged = merger.merge(prepared, into: existing, existingSearch: search)
                try Self.write(merged, of: current.id, existing: existing, tx)
                outcome = .updated(newItems: merged.added, changedItems: merged.changed)
            }
            try FeedStore.save(current, tx)
            return FeedRefreshResult(
                feedID: current.id, title: current.title, url: current.url, outcome: outcome, movedTo: moved,
                bytesReceived: bytes)
        }
        switch result {
        case .success(let stored):
            return stored
        case .failure(let error):
            return FeedRefreshResult(
                feedID: subscription.id, title: subscription.title, url: subscription.url,
                outcome: .failed(.store(error)), bytesReceived: bytes)
        }
    }

    /// Records a failure: the feed keeps its items, and this error until it next succeeds.
    private func recordFailure(
        _ error: FeedsError, of subscription: Subscription, at moment: Date, response: Response?, bytes: Int
    ) async -> FeedRefreshResult {
        let failed = FeedRefreshResult(
            feedID: subscription.id, title: subscription.title, url: subscription.url, outcome: .failed(error),
            bytesReceived: bytes)
        let configuration = configuration
        let notBefore = response.flatMap { Subscription.notBefore($0, at: moment, configuration: configuration) }
        let hasResponse = response != nil
        let result = await writer.write { tx in
            guard var current = try FeedStore.subscription(subscription.id, tx) else { return failed }
            current.lastAttempt = moment
            current.lastError = error.description
            if hasResponse { current.serverNotBefore = notBefore }
            try FeedStore.save(current, tx)
            return failed
        }
        if case .failure(let storeError) = result {
            return FeedRefreshResult(
                feedID: subscription.id, title: subscription.title, url: subscription.url,
                outcome: .failed(.store(storeError)), bytesReceived: bytes)
        }
        return failed
    }
}
