import BasicCore
import BasicNetworking
import BasicStore
import BasicXML
import Foundation

extension Subscriptions {
    // MARK: Adding

    /// Subscribes to the feed at `url`, fetching it once to check that it is a feed and to keep its
    /// items. An HTML page that links a feed (`<link rel="alternate" type="application/atom+xml">`
    /// or `application/rss+xml`) is followed to it.
    ///
    /// ```swift
    /// let page = URL(string: "https://www.cnblogs.com/linjian/")!
    /// let feed = try await subscriptions.add(page, folder: "Blogs")
    /// print(feed.url)   // https://www.cnblogs.com/linjian/rss: the page's feed
    /// ```
    ///
    /// Text a user typed is checked first with ``check(address:)``, which says what is wrong with
    /// it and returns the URL.
    ///
    /// - Parameters:
    ///   - title: a title of the user's; nil keeps the feed's own.
    ///   - folder: the folder to file it in; nil for none.
    /// - Throws: ``FeedsError``: `invalidURL`, `alreadySubscribed`, `notAFeed` (neither a feed nor
    ///   a page that links one), `httpStatus`, `network`, `badRedirect`, `feedTooLarge`, `storage`.
    @discardableResult
    public func add(_ url: URL, title: String? = nil, folder: String? = nil) async throws(FeedsError)
        -> Subscription
    {
        let url = try FeedAddress.validated(url)
        let existing = try subscriptions()
        try Self.checkNotSubscribed(url, among: existing)
        let fetched = try await fetchFeed(url, discovering: true)
        let feedURL = fetched.feedURL
        try Self.checkNotSubscribed(feedURL, among: try subscriptions())
        let moment = now()
        let prepared = ItemMerger.prepare(fetched.feed)
        let added: Subscription = try withStore {
            try store.write { tx in
                let all = try FeedStore.subscriptions(tx)
                try Self.checkNotSubscribed(feedURL, among: all)
                let id = Self.newID(for: feedURL, taken: Set(all.map(\.id)))
                var subscription = Subscription(
                    id: id, url: feedURL, added: moment, position: (all.map(\.position).max() ?? 0) + 1)
                subscription.customTitle = Self.cleanTitle(title)
                subscription.folder = Self.cleanFolder(folder)
                subscription.record(
                    fetched.response, title: fetched.feed.plainTitle, siteURL: Subscription.siteURL(of: fetched.feed),
                    at: moment, configuration: configuration)
                let merger = ItemMerger(feedID: id, maximumItems: configuration.maximumItems, now: moment)
                let merged = merger.merge(prepared, into: [], existingSearch: [:])
                try Self.write(merged, of: id, existing: [], tx)
                subscription.itemCount = merged.items.count
                subscription.unreadCount = merged.items.count
                try FeedStore.save(subscription, tx)
                return subscription
            }
        }
        return added
    }

    /// Subscribes to a preset's feeds without fetching them (their items come with the next
    /// refresh); the ones subscribed already are reported, not added twice.
    ///
    /// - Throws: ``FeedsError/storage(_:)``.
    @discardableResult
    public func add(preset: FeedPreset) throws(FeedsError) -> OPMLImportReport {
        try add(preset.entries)
    }

    /// A fetched feed, its response, and the address to subscribe to.
    struct FetchedFeed {
        var feed: Feed
        var response: Response
        /// The feed's address: the one asked for, the one permanent redirects led to, or the one
        /// a page linked.
        var feedURL: URL
    }

    /// Fetches `url` and reads it as a feed, following a page's feed link when `discovering`.
    func fetchFeed(_ url: URL, discovering: Bool) async throws(FeedsError) -> FetchedFeed {
        let result = try await fetcher.fetch(url, etag: nil, lastModified: nil)
        let response: Response
        switch result.outcome {
        case .fetched(let fetched):
            response = fetched
        case .notModified(let answer), .status(let answer):
            throw .httpStatus(
                url: result.finalURL.absoluteString, status: answer.status,
                retryAfter: CachePolicy.retryAfter(answer, now: now()))
        }
        let address = result.permanentURL ?? url
        do {
            let feed = try Feed(
                parsing: response.body, url: result.finalURL, fallbackEncoding: CachePolicy.charset(response))
            return FetchedFeed(feed: feed, response: response, feedURL: address)
        } catch {
            guard discovering else {
                throw .notAFeed(url: url.absoluteString, reason: "\(error)")
            }
            let links = FeedDiscovery.feedLinks(inHTML: response.body, pageURL: result.finalURL)
            guard let link = links.first else {
                let isHTML = FeedDiscovery.looksLikeHTML(response.body, contentType: response.header("Content-Type"))
                throw .notAFeed(
                    url: url.absoluteString,
                    reason: isHTML ? "it is an HTML page that links no Atom or RSS feed" : "\(error)")
            }
            let found = try await fetchFeed(link, discovering: false)
            return found
        }
    }

    // MARK: Listing

    /// Every subscription, in the order they were added, with their item and unread counts.
    ///
    /// - Parameter folder: only the feeds in this folder and the folders inside it; nil for all.
    /// - Throws: ``FeedsError/storage(_:)``.
    public func subscriptions(in folder: String? = nil) throws(FeedsError) -> [Subscription] {
        try withStore {
            try store.read { tx in
                try FeedStore.subscriptions(tx).filter { Self.isIn(folder, $0) }.map { subscription in
                    try Self.counted(subscription, tx)
                }
            }
        }
    }

    /// The subscription with this URL or id, with its counts.
    ///
    /// - Throws: ``FeedsError/unknownFeed(_:)``, ``FeedsError/storage(_:)``.
    public func subscription(_ feed: String) throws(FeedsError) -> Subscription {
        let all = try withStore { try store.read { try FeedStore.subscriptions($0) } }
        guard let found = Self.find(feed, in: all) else { throw .unknownFeed(feed) }
        return try withStore { try store.read { try Self.counted(found, $0) } }
    }

    /// The folders in use, sorted, parents before their children.
    ///
    /// - Throws: ``FeedsError/storage(_:)``.
    public func folders() throws(FeedsError) -> [String] {
        Set(try subscriptions().compactMap(\.folder)).sorted()
    }

    // MARK: Changing

    /// Unsubscribes: the feed, its items, their bodies and read state are deleted.
    ///
    /// - Returns: the subscription as it was.
    /// - Throws: ``FeedsError/unknownFeed(_:)``, ``FeedsError/storage(_:)``.
    @discardableResult
    public func remove(_ feed: String) throws(FeedsError) -> Subscription {
        try change(feed) { subscription, tx in
            try FeedStore.remove(subscription.id, tx)
            return false
        }
    }

    /// Gives the feed a title of the user's; nil or empty goes back to the feed's own.
    ///
    /// - Throws: ``FeedsError/unknownFeed(_:)``, ``FeedsError/storage(_:)``.
    @discardableResult
    public func rename(_ feed: String, to title: String?) throws(FeedsError) -> Subscription {
        try change(feed) { subscription, _ in
            subscription.customTitle = Self.cleanTitle(title)
            return true
        }
    }

    /// Files the feed in `folder` (`Parent/Child` for a nested one); nil or empty for none.
    ///
    /// - Throws: ``FeedsError/unknownFeed(_:)``, ``FeedsError/storage(_:)``.
    @discardableResult
    public func move(_ feed: String, toFolder folder: String?) throws(FeedsError) -> Subscription {
        try change(feed) { subscription, _ in
            subscription.folder = Self.cleanFolder(folder)
            return true
        }
    }

    /// Sets the least time between two refreshes of the feed; nil for none (the default).
    ///
    /// - Throws: ``FeedsError/invalidSetting(name:reason:)`` for a negative interval,
    ///   ``FeedsError/unknownFeed(_:)``, ``FeedsError/storage(_:)``.
    @discardableResult
    public func setMinimumInterval(_ interval: Duration?, for feed: String) throws(FeedsError) -> Subscription {
        if let interval, interval < .zero {
            throw .invalidSetting(name: "minimum interval", reason: "\(interval) is negative; give 0 or more")
        }
        return try change(feed) { subscription, _ in
            subscription.minimumInterval = interval == .zero ? nil : interval
            return true
        }
    }

    /// Sets how many items the feed keeps, newest first; nil for the configuration's default. The
    /// items past the new maximum go at once; the others keep their read state.
    ///
    /// - Throws: ``FeedsError/invalidSetting(name:reason:)`` for fewer than 1,
    ///   ``FeedsError/unknownFeed(_:)``, ``FeedsError/storage(_:)``.
    @discardableResult
    public func setMaximumItems(_ count: Int?, for feed: String) throws(FeedsError) -> Subscription {
        if let count, count < 1 {
            throw .invalidSetting(name: "maximum items", reason: "\(count) is less than 1; a feed keeps at least one")
        }
        let limit = count ?? configuration.maximumItems
        return try change(feed) { subscription, tx in
            subscription.maximumItems = count
            let items = try FeedStore.items(of: subscription.id, tx)
            guard items.count > limit else { return true }
            let dropped = items.dropFirst(limit)
            try FeedStore.saveItems(Array(items.prefix(limit)), of: subscription.id, tx)
            for item in dropped where item.hasBody { try tx.remove(forKey: item.id, in: FeedStore.bodies) }
            let droppedIDs = Set(dropped.map(\.id))
            let texts = try FeedStore.searchTexts(of: subscription.id, tx)
            try FeedStore.saveSearchTexts(texts, order: items.prefix(limit).map(\.id), of: subscription.id, tx)
            let read = try FeedStore.readIDs(of: subscription.id, tx).subtracting(droppedIDs)
            try FeedStore.saveReadIDs(read, of: subscription.id, tx)
            return true
        }
    }

    /// Runs `body` on the subscription `feed` names in one transaction; saves it when `body`
    /// returns true. Returns it with its counts.
    private func change(
        _ feed: String, _ body: (inout Subscription, KeyValueStore.Transaction) throws -> Bool
    ) throws(FeedsError) -> Subscription {
        try withStore {
            try store.write { tx in
                guard var subscription = Self.find(feed, in: try FeedStore.subscriptions(tx)) else {
                    throw FeedsError.unknownFeed(feed)
                }
                let counted = try Self.counted(subscription, tx)
                if try body(&subscription, tx) {
                    try FeedStore.save(subscription, tx)
                    return try Self.counted(subscription, tx)
                }
                return counted
            }
        }
    }

    // MARK: Helpers

    /// The subscription a reference names: its id, else its address (compared normalized).
    static func find(_ reference: String, in subscriptions: [Subscription]) -> Subscription? {
        let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        if let byID = subscriptions.first(where: { $0.id == trimmed }) { return byID }
        guard let url = URL(string: trimmed), url.scheme != nil else { return nil }
        let wanted = FeedAddress.normalized(url)
        return subscriptions.first { FeedAddress.normalized($0.url) == wanted }
    }

    /// Throws when `url` is subscribed already.
    static func checkNotSubscribed(_ url: URL, among subscriptions: [Subscription]) throws(FeedsError) {
        if let existing = find(url.absoluteString, in: subscriptions) {
            throw .alreadySubscribed(url: existing.url.absoluteString, title: existing.title)
        }
    }

    /// A new feed id for `url` that no subscription has.
    static func newID(for url: URL, taken: Set<String>) -> String {
        ShortID.unique(for: FeedAddress.normalized(url), length: 4) { taken.contains($0) }
    }

    /// A subscription with its item and unread counts.
    static func counted(_ subscription: Subscription, _ tx: KeyValueStore.ReadTransaction) throws -> Subscription {
        var subscription = subscription
        let items = try FeedStore.items(of: subscription.id, tx)
        let read = try FeedStore.readIDs(of: subscription.id, tx)
        subscription.itemCount = items.count
        subscription.unreadCount = items.count { !read.contains($0.id) }
        return subscription
    }

    /// Whether the subscription is in `folder` (or a folder inside it); every one is in nil.
    static func isIn(_ folder: String?, _ subscription: Subscription) -> Bool {
        guard let folder = cleanFolder(folder) else { return true }
        guard let own = subscription.folder else { return false }
        return own == folder || own.hasPrefix(folder + "/")
    }

    /// A title trimmed, nil when empty.
    static func cleanTitle(_ title: String?) -> String? {
        guard let trimmed = title?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// A folder path trimmed, with empty components and surrounding slashes dropped; nil when empty.
    static func cleanFolder(_ folder: String?) -> String? {
        let components = (folder ?? "").split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        return components.isEmpty ? nil : components.joined(separator: "/")
    }

    /// Writes a merge's items, bodies, search texts and read state.
    static func write(
        _ merged: ItemMerger.Result, of feedID: String, existing: [FeedItem], _ tx: KeyValueStore.Transaction
    ) throws {
        if merged.items != existing {
            try FeedStore.saveItems(merged.items, of: feedID, tx)
            try FeedStore.saveSearchTexts(merged.searchTexts, order: merged.items.map(\.id), of: feedID, tx)
        }
        for (id, body) in merged.bodies { try tx.set(JSONValue.string(body), forKey: id, in: FeedStore.bodies) }
        for id in merged.removedBodies { try tx.remove(forKey: id, in: FeedStore.bodies) }
        if !merged.removed.isEmpty {
            let read = try FeedStore.readIDs(of: feedID, tx)
            let kept = read.subtracting(merged.removed)
            if kept != read { try FeedStore.saveReadIDs(kept, of: feedID, tx) }
        }
    }
}

extension Subscription {
    /// Takes what a successful answer says: the validators, the server's wish for the next
    /// request, the feed's title and site (for a new copy); clears the last error.
    mutating func record(
        _ response: Response, title: String?, siteURL: URL?, at moment: Date, configuration: Subscriptions.Configuration
    ) {
        lastAttempt = moment
        lastRefresh = moment
        lastError = nil
        if let etag = response.header("ETag") { self.etag = etag }
        if let modified = response.header("Last-Modified") { lastModified = modified }
        if response.status != 304 {
            // A new copy without validators: the old ones no longer describe it.
            if response.header("ETag") == nil { etag = nil }
            if response.header("Last-Modified") == nil { lastModified = nil }
        }
        serverNotBefore = Self.notBefore(response, at: moment, configuration: configuration)
        if let title, !title.isEmpty { feedTitle = title }
        if let siteURL { self.siteURL = siteURL }
    }

    /// The site a feed says it belongs to: its first alternate link that is not a feed.
    static func siteURL(of feed: Feed) -> URL? {
        feed.links.first { $0.isAlternate && ($0.type.map { $0.contains("html") } ?? true) }?.url
    }

    /// When the server asks to be asked again: `max-age` or `Retry-After`, whichever is later,
    /// at most ``Subscriptions/Configuration/maximumServerDelay`` away.
    static func notBefore(_ response: Response, at moment: Date, configuration: Subscriptions.Configuration) -> Date? {
        let waits = [CachePolicy.maxAge(response), CachePolicy.retryAfter(response, now: moment)].compactMap { $0 }
        guard let wait = waits.max(), wait > 0 else { return nil }
        return moment + min(Double(wait), configuration.maximumServerDelay.timeInterval)
    }
}
