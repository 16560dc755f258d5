import BasicStore
import Foundation

extension Subscriptions {
    /// The items whose title, summary or saved body hold every word of `query`, newest first.
    ///
    /// ```swift
    /// for item in try subscriptions.search("swift 并发") { print(item.id, item.title) }
    /// ```
    ///
    /// Words are compared in lower case, as substrings (so `并发` finds `并发编程`). The search reads
    /// each feed's sealed index of folded text into memory and looks there: nothing about the
    /// query or the items reaches the disk.
    ///
    /// - Throws: ``FeedsError/unknownFeed(_:)`` for a feed scope no subscription has,
    ///   ``FeedsError/storage(_:)``.
    /// - Complexity: O(*n*) in the size of the items' text.
    public func search(_ query: String, in scope: ItemScope = .all) throws(FeedsError) -> [FeedItem] {
        let terms = SearchText.terms(of: query)
        guard !terms.isEmpty else { return [] }
        return try withStore {
            try store.read { tx in
                var found: [(item: FeedItem, position: Int, order: Int)] = []
                for subscription in try Self.subscriptions(in: scope, tx) {
                    var index = try FeedStore.searchIndex(of: subscription.id, tx)
                    var hits = Set<String>()
                    index.withUTF8 { bytes in
                        SearchText.forEachRecord(in: bytes) { id, text in
                            if SearchText.matches(text, terms: terms) {
                                hits.insert(String(decoding: id, as: UTF8.self))
                            }
                        }
                    }
                    guard !hits.isEmpty else { continue }
                    let read = try FeedStore.readIDs(of: subscription.id, tx)
                    for (order, stored) in try FeedStore.storedItems(of: subscription.id, tx).enumerated() {
                        guard let id = FeedStore.storedID(stored), hits.contains(id),
                            var item = FeedStore.item(from: stored, feedID: subscription.id)
                        else { continue }
                        item.isRead = read.contains(id)
                        item.feedTitle = subscription.title
                        item.feedURL = subscription.url
                        found.append((item, subscription.position, order))
                    }
                }
                return Self.newestFirst(found)
            }
        }
    }

    /// Items newest first; ties in list order, then feed order.
    static func newestFirst(_ found: [(item: FeedItem, position: Int, order: Int)]) -> [FeedItem] {
        let keys = found.map { ($0.item.date, $0.position, $0.order) }
        let order = keys.indices.sorted { lhs, rhs in
            if keys[lhs].0 != keys[rhs].0 { return keys[lhs].0 > keys[rhs].0 }
            return (keys[lhs].1, keys[lhs].2) < (keys[rhs].1, keys[rhs].2)
        }
        return order.map { found[$0].item }
    }
}
