import BasicXML
import Foundation

/// Merges a freshly fetched feed into the items a subscription holds: an entry seen again updates
/// its item in place (same id, same read state), a new one gets an id, and the newest
/// `maximumItems` are kept.
struct ItemMerger {
    /// The result of a merge.
    struct Result {
        /// The items to keep, newest first.
        var items: [FeedItem]
        /// The bodies to write (item id → HTML) and the ids whose body is gone.
        var bodies: [String: String] = [:]
        var removedBodies: [String] = []
        /// The search text of every kept item.
        var searchTexts: [String: String] = [:]
        /// How many items are new, and how many changed.
        var added = 0
        var changed = 0
        /// The ids of items dropped by trimming.
        var removed: [String] = []
    }

    let feedID: String
    let maximumItems: Int
    let now: Date

    /// How long a stored summary may be, in characters.
    static let summaryLength = 1_000

    /// An entry of a fetched feed, read into what an item holds: done before the store is
    /// touched, since reading HTML into plain text is the costly part.
    struct Prepared: Sendable {
        var key: String
        var title: String
        var link: String?
        var author: String?
        var published: Date?
        var updated: Date?
        var summary: String
        var body: String?
        var bodyHash: String?
        var bodyBaseURL: String?
        var searchText: String
    }

    /// The entries of `feed`, read, in its order; an entry listed twice counts once.
    static func prepare(_ feed: Feed) -> [Prepared] {
        var seenKeys = Set<String>()
        let feedAuthor = feed.authors.first.flatMap(Self.name)
        var prepared: [Prepared] = []
        prepared.reserveCapacity(feed.entries.count)
        for entry in feed.entries {
            let key = Self.key(of: entry)
            guard seenKeys.insert(key).inserted else { continue }
            let title = entry.plainTitle ?? ""
            let summaryText = entry.plainSummary ?? ""
            let body = entry.contentHTML ?? entry.summaryHTML
            let bodyText = entry.content.map { FeedText.plainText($0, type: entry.contentType) } ?? summaryText
            let summary = truncated(summaryText.isEmpty ? bodyText : summaryText)
            prepared.append(
                Prepared(
                    key: key, title: title, link: (entry.link?.url ?? entry.links.first?.url)?.absoluteString,
                    author: entry.author.flatMap(Self.name) ?? feedAuthor, published: entry.published,
                    updated: entry.updated, summary: summary, body: body,
                    bodyHash: body.map { ShortID.digits(ShortID.hash($0), length: 12) },
                    bodyBaseURL: entry.baseURL?.absoluteString,
                    searchText: SearchText.folded(title: title, summary: summary, bodyText: bodyText)))
        }
        return prepared
    }

    /// Merges prepared entries into `existing` (newest first, as stored), reusing `existingSearch`
    /// (item id → search text) for the items the feed no longer carries.
    func merge(_ entries: [Prepared], into existing: [FeedItem], existingSearch: [String: String]) -> Result {
        var byKey: [String: FeedItem] = [:]
        for item in existing { byKey[item.key] = item }
        var takenIDs = Set(existing.map(\.id))
        var result = Result(items: [])
        // The feed's entries in its order, then the items it no longer carries, in theirs.
        var ordered: [FeedItem] = []
        var carriedKeys = Set<String>()
        for entry in entries {
            carriedKeys.insert(entry.key)
            let previous = byKey[entry.key]
            let id =
                previous?.id ?? feedID + ShortID.unique(for: entry.key, length: 6) { takenIDs.contains(feedID + $0) }
            takenIDs.insert(id)
            var item = FeedItem(
                id: id, feedID: feedID, key: entry.key, title: entry.title, firstSeen: previous?.firstSeen ?? now)
            item.linkAddress = entry.link
            item.author = entry.author
            item.published = entry.published
            item.updated = entry.updated
            item.summary = entry.summary
            item.hasBody = entry.body != nil
            item.bodyHash = entry.bodyHash
            item.bodyBaseAddress = entry.bodyBaseURL
            if let previous {
                if !Self.sameContent(previous, item) { result.changed += 1 }
            } else {
                result.added += 1
            }
            if let body = entry.body {
                if previous?.bodyHash != item.bodyHash { result.bodies[id] = body }
            } else if previous?.hasBody == true {
                result.removedBodies.append(id)
            }
            result.searchTexts[id] = entry.searchText
            ordered.append(item)
        }
        let carried = ordered.count
        for item in existing where !carriedKeys.contains(item.key) {
            ordered.append(item)
            if let text = existingSearch[item.id] { result.searchTexts[item.id] = text }
        }
        // Newest first; ties keep the feed's order, then the stored order.
        let sorted = ordered.enumerated().sorted { lhs, rhs in
            lhs.element.date != rhs.element.date ? lhs.element.date > rhs.element.date : lhs.offset < rhs.offset
        }.map(\.element)
        result.items = Array(sorted.prefix(maximumItems))
        var dropped = Set<String>()
        for item in sorted.dropFirst(maximumItems) {
            dropped.insert(item.id)
            result.removed.append(item.id)
            result.searchTexts[item.id] = nil
            result.bodies[item.id] = nil
            if byKey[item.key]?.hasBody == true { result.removedBodies.append(item.id) }
        }
        // An item trimmed the moment it arrived does not count as new.
        result.added -= ordered.prefix(carried).count { dropped.contains($0.id) && byKey[$0.key] == nil }
        return result
    }

    /// What identifies an entry: its id, else its link, else a hash of its title and date.
    static func key(of entry: FeedEntry) -> String {
        if let id = entry.id?.trimmingCharacters(in: .whitespacesAndNewlines), !id.isEmpty { return "id:" + id }
        if let link = entry.link ?? entry.links.first {
            let address = link.url?.absoluteString ?? link.href.trimmingCharacters(in: .whitespacesAndNewlines)
            if !address.isEmpty { return "link:" + address }
        }
        let date = entry.date.map { String($0.timeIntervalSince1970) } ?? ""
        let text = (entry.title ?? "") + "\u{1F}" + date
        return "hash:" + ShortID.digits(ShortID.hash(text), length: 12)
    }

    /// A person's name, else their address.
    static func name(_ person: FeedPerson) -> String? {
        if !person.name.isEmpty { return person.name }
        return person.email
    }

    /// Whether two versions of an item show the same thing.
    static func sameContent(_ lhs: FeedItem, _ rhs: FeedItem) -> Bool {
        lhs.title == rhs.title && lhs.summary == rhs.summary && lhs.linkAddress == rhs.linkAddress
            && lhs.updated == rhs.updated
            && lhs.published == rhs.published && lhs.author == rhs.author && lhs.bodyHash == rhs.bodyHash
    }

    /// `text` cut to ``summaryLength`` characters, with an ellipsis when cut.
    static func truncated(_ text: String) -> String {
        guard text.count > summaryLength else { return text }
        return String(text.prefix(summaryLength - 1)) + "…"
    }
}
