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
                    let texts = try FeedStore.searchTexts(of: subscription.id, tx)
                    var hits = Set<String>()
                    for (id, value) in texts {
                        if case .string(let text) = value, SearchText.matches(text, terms: terms) { hits.insert(id) }
                    }
                    guard !hits.isEmpty else { continue }
                    let read = try FeedStore.readIDs(of: subscription.id, tx)
                    for (order, var item) in try FeedStore.items(of: subscription.id, tx).enumerated()
                    where hits.contains(item.id) {
                        item.isRead = read.contains(item.id)
                        item.feedTitle = subscription.title
                        item.feedURL = subscription.url
                        found.append((item, subscription.position, order))
                    }
                }
                return found.sorted { lhs, rhs in
                    if lhs.item.date != rhs.item.date { return lhs.item.date > rhs.item.date }
                    return (lhs.position, lhs.order) < (rhs.position, rhs.order)
                }.map(\.item)
            }
        }
    }
}
