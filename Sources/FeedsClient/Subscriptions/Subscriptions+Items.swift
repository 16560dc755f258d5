import BasicStore
import Foundation

extension Subscriptions {
    /// The items of the feeds in `scope`, newest first, with their read state.
    ///
    /// ```swift
    /// for item in try subscriptions.items(in: .folder("Swift"), unreadOnly: true) {
    ///     print(item.id, item.feedTitle ?? "", item.title)
    /// }
    /// ```
    ///
    /// - Parameter unreadOnly: only the items not read yet.
    /// - Throws: ``FeedsError/unknownFeed(_:)`` for a feed scope no subscription has,
    ///   ``FeedsError/storage(_:)``.
    /// - Complexity: O(*n* log *n*) in the number of items.
    public func items(in scope: ItemScope = .all, unreadOnly: Bool = false) throws(FeedsError) -> [FeedItem] {
        try withStore {
            try store.read { tx in
                var items: [(item: FeedItem, position: Int, order: Int)] = []
                for subscription in try Self.subscriptions(in: scope, tx) {
                    let read = try FeedStore.readIDs(of: subscription.id, tx)
                    for (order, var item) in try FeedStore.items(of: subscription.id, tx).enumerated() {
                        item.isRead = read.contains(item.id)
                        if unreadOnly && item.isRead { continue }
                        item.feedTitle = subscription.title
                        item.feedURL = subscription.url
                        items.append((item, subscription.position, order))
                    }
                }
                return Self.newestFirst(items)
            }
        }
    }

    /// The item with this id, with its saved body.
    ///
    /// - Throws: ``FeedsError/unknownItem(_:)``, ``FeedsError/storage(_:)``.
    public func item(_ id: String) throws(FeedsError) -> FeedItem {
        try withStore { try store.read { tx in try Self.item(id, tx) } }
    }

    /// The item with this id, with its saved body, marked read: what `bsl feeds read ITEM` shows.
    ///
    /// - Throws: ``FeedsError/unknownItem(_:)``, ``FeedsError/storage(_:)``.
    public func open(_ id: String) throws(FeedsError) -> FeedItem {
        try withStore {
            try store.write { tx in
                var item = try Self.item(id, tx)
                if !item.isRead {
                    var read = try FeedStore.readIDs(of: item.feedID, tx)
                    read.insert(item.id)
                    try FeedStore.saveReadIDs(read, of: item.feedID, tx)
                    item.isRead = true
                }
                return item
            }
        }
    }

    /// Marks items read; every id must name an item, or nothing is changed.
    ///
    /// - Returns: how many were unread.
    /// - Throws: ``FeedsError/unknownItem(_:)`` naming the first unknown id, ``FeedsError/storage(_:)``.
    @discardableResult
    public func markRead(_ ids: [String]) throws(FeedsError) -> Int {
        try setRead(true, ids)
    }

    /// Marks items unread; every id must name an item, or nothing is changed.
    ///
    /// - Returns: how many were read.
    /// - Throws: ``FeedsError/unknownItem(_:)`` naming the first unknown id, ``FeedsError/storage(_:)``.
    @discardableResult
    public func markUnread(_ ids: [String]) throws(FeedsError) -> Int {
        try setRead(false, ids)
    }

    /// Marks every item in `scope` read.
    ///
    /// - Returns: how many were unread.
    /// - Throws: ``FeedsError/unknownFeed(_:)`` for a feed scope no subscription has,
    ///   ``FeedsError/storage(_:)``.
    @discardableResult
    public func markAllRead(in scope: ItemScope = .all) throws(FeedsError) -> Int {
        try withStore {
            try store.write { tx in
                var changed = 0
                for subscription in try Self.subscriptions(in: scope, tx) {
                    let read = try FeedStore.readIDs(of: subscription.id, tx)
                    let all = Set(try FeedStore.items(of: subscription.id, tx).map(\.id))
                    let added = all.subtracting(read)
                    guard !added.isEmpty else { continue }
                    changed += added.count
                    try FeedStore.saveReadIDs(read.union(added).intersection(all), of: subscription.id, tx)
                }
                return changed
            }
        }
    }

    private func setRead(_ isRead: Bool, _ ids: [String]) throws(FeedsError) -> Int {
        try withStore {
            try store.write { tx in
                var byFeed: [String: Set<String>] = [:]
                for id in ids {
                    let item = try Self.item(id, tx, loadingBody: false)
                    byFeed[item.feedID, default: []].insert(item.id)
                }
                var changed = 0
                for (feedID, wanted) in byFeed {
                    let read = try FeedStore.readIDs(of: feedID, tx)
                    let updated = isRead ? read.union(wanted) : read.subtracting(wanted)
                    changed += abs(updated.count - read.count)
                    if updated != read { try FeedStore.saveReadIDs(updated, of: feedID, tx) }
                }
                return changed
            }
        }
    }

    /// The item `id` names: its first four characters are its feed's id.
    static func item(_ id: String, _ tx: KeyValueStore.ReadTransaction, loadingBody: Bool = true) throws -> FeedItem {
        let id = id.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard id.count > 4, ShortID.isWellFormed(id) else { throw FeedsError.unknownItem(id) }
        let feedID = String(id.prefix(4))
        guard let subscription = try FeedStore.subscription(feedID, tx),
            var item = try FeedStore.items(of: feedID, tx).first(where: { $0.id == id })
        else { throw FeedsError.unknownItem(id) }
        item.isRead = try FeedStore.readIDs(of: feedID, tx).contains(id)
        item.feedTitle = subscription.title
        item.feedURL = subscription.url
        if loadingBody, item.hasBody { item.body = try FeedStore.body(of: id, tx) }
        return item
    }

    /// The subscriptions a scope covers.
    static func subscriptions(in scope: ItemScope, _ tx: KeyValueStore.ReadTransaction) throws -> [Subscription] {
        let all = try FeedStore.subscriptions(tx)
        switch scope {
        case .all:
            return all
        case .feed(let reference):
            guard let found = find(reference, in: all) else { throw FeedsError.unknownFeed(reference) }
            return [found]
        case .folder(let folder):
            return all.filter { isIn(folder, $0) }
        }
    }
}
