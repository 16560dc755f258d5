import BasicCore
import BasicStore
import Foundation

/// Where subscriptions live in the ``BasicStore/KeyValueStore``: keyed collections whose keys are
/// short ids (the store keeps keys in the clear; every value is sealed).
///
/// - `feeds`: each ``Subscription`` by its id.
/// - `feeds-items`: each feed's items, newest first, without their bodies, as one value.
/// - `feeds-read`: each feed's read item ids, as one value.
/// - `feeds-bodies`: each item's body by the item's id.
/// - `feeds-search`: each feed's search text (folded, markup-free) by item id, as one value: the
///   sealed index `search` reads instead of the bodies.
enum FeedStore {
    static let feeds = "feeds"
    static let items = "feeds-items"
    static let readState = "feeds-read"
    static let bodies = "feeds-bodies"
    static let searchIndex = "feeds-search"

    // MARK: Subscriptions

    static func subscriptions(_ tx: KeyValueStore.ReadTransaction) throws -> [Subscription] {
        var result: [Subscription] = []
        for key in try tx.keys(in: feeds) {
            if let value = try tx.json(forKey: key, in: feeds), let subscription = subscription(from: value) {
                result.append(subscription)
            }
        }
        return result.sorted { ($0.position, $0.id) < ($1.position, $1.id) }
    }

    static func subscription(_ id: String, _ tx: KeyValueStore.ReadTransaction) throws -> Subscription? {
        try tx.json(forKey: id, in: feeds).flatMap(subscription(from:))
    }

    static func save(_ subscription: Subscription, _ tx: KeyValueStore.Transaction) throws {
        try tx.set(json(subscription), forKey: subscription.id, in: feeds)
    }

    /// Removes a feed and everything of it.
    static func remove(_ id: String, _ tx: KeyValueStore.Transaction) throws {
        for item in try items(of: id, tx) where item.hasBody {
            try tx.remove(forKey: item.id, in: bodies)
        }
        for collection in [feeds, items, readState, searchIndex] {
            try tx.remove(forKey: id, in: collection)
        }
    }

    static func json(_ subscription: Subscription) -> JSONValue {
        var object = JSONObject()
        object["id"] = .string(subscription.id)
        object["url"] = .string(subscription.url.absoluteString)
        object["position"] = .integer(Int64(subscription.position))
        object["added"] = date(subscription.added)
        object["customTitle"] = subscription.customTitle.map(JSONValue.string)
        object["feedTitle"] = subscription.feedTitle.map(JSONValue.string)
        object["folder"] = subscription.folder.map(JSONValue.string)
        object["siteURL"] = subscription.siteURL.map { .string($0.absoluteString) }
        object["lastRefresh"] = subscription.lastRefresh.map(date)
        object["lastAttempt"] = subscription.lastAttempt.map(date)
        object["lastError"] = subscription.lastError.map(JSONValue.string)
        object["etag"] = subscription.etag.map(JSONValue.string)
        object["lastModified"] = subscription.lastModified.map(JSONValue.string)
        object["serverNotBefore"] = subscription.serverNotBefore.map(date)
        object["minimumInterval"] = subscription.minimumInterval.map { .double($0.timeInterval) }
        object["maximumItems"] = subscription.maximumItems.map { .integer(Int64($0)) }
        return .object(object)
    }

    static func subscription(from value: JSONValue) -> Subscription? {
        guard let id = value["id"]?.asString, let url = value["url"]?.asString.flatMap(URL.init(string:)) else {
            return nil
        }
        var subscription = Subscription(
            id: id, url: url, added: date(value["added"]) ?? Date(timeIntervalSince1970: 0),
            position: value["position"]?.asInt ?? 0)
        subscription.customTitle = value["customTitle"]?.asString
        subscription.feedTitle = value["feedTitle"]?.asString
        subscription.folder = value["folder"]?.asString
        subscription.siteURL = value["siteURL"]?.asString.flatMap(URL.init(string:))
        subscription.lastRefresh = date(value["lastRefresh"])
        subscription.lastAttempt = date(value["lastAttempt"])
        subscription.lastError = value["lastError"]?.asString
        subscription.etag = value["etag"]?.asString
        subscription.lastModified = value["lastModified"]?.asString
        subscription.serverNotBefore = date(value["serverNotBefore"])
        subscription.minimumInterval = value["minimumInterval"]?.asDouble.map { .milliseconds(Int64($0 * 1000)) }
        subscription.maximumItems = value["maximumItems"]?.asInt
        return subscription
    }

    // MARK: Items

    static func items(of feedID: String, _ tx: KeyValueStore.ReadTransaction) throws -> [FeedItem] {
        try storedItems(of: feedID, tx).compactMap { item(from: $0, feedID: feedID) }
    }

    /// A feed's items as stored, undecoded: each an array of fields (see ``json(_:)-(FeedItem)``).
    static func storedItems(of feedID: String, _ tx: KeyValueStore.ReadTransaction) throws -> [JSONValue] {
        guard let value = try tx.json(forKey: feedID, in: items), let list = value["items"]?.arrayValue else {
            return []
        }
        return list
    }

    static func saveItems(_ list: [FeedItem], of feedID: String, _ tx: KeyValueStore.Transaction) throws {
        try tx.set(JSONValue.object(["items": .array(list.map(json))]), forKey: feedID, in: items)
    }

    /// An item as stored: an array of its fields in a fixed order, which reads back faster than
    /// an object of named ones (a list of 10,000 items is read whole for every search).
    static func json(_ item: FeedItem) -> JSONValue {
        let optional = { (text: String?) in text.map(JSONValue.string) ?? .null }
        return .array([
            .string(item.id), .string(item.key), .string(item.title), optional(item.linkAddress), optional(item.author),
            item.published.map(date) ?? .null, item.updated.map(date) ?? .null, date(item.firstSeen),
            .string(item.summary), .bool(item.hasBody), optional(item.bodyHash), optional(item.bodyBaseAddress),
        ])
    }

    /// The id of a stored item, without decoding the rest.
    static func storedID(_ value: JSONValue) -> String? {
        if case .string(let id) = value[0] { return id }
        return nil
    }

    static func item(from value: JSONValue, feedID: String) -> FeedItem? {
        guard case .array(let fields) = value, fields.count >= 12, case .string(let id) = fields[0],
            case .string(let key) = fields[1]
        else { return nil }
        let text = { (index: Int) -> String? in
            if case .string(let text) = fields[index] { return text }
            return nil
        }
        var item = FeedItem(
            id: id, feedID: feedID, key: key, title: text(2) ?? "",
            firstSeen: date(fields[7]) ?? Date(timeIntervalSince1970: 0))
        item.linkAddress = text(3)
        item.author = text(4)
        item.published = date(fields[5])
        item.updated = date(fields[6])
        item.summary = text(8) ?? ""
        item.hasBody = fields[9].asBool ?? false
        item.bodyHash = text(10)
        item.bodyBaseAddress = text(11)
        return item
    }

    // MARK: Read state

    static func readIDs(of feedID: String, _ tx: KeyValueStore.ReadTransaction) throws -> Set<String> {
        guard let list = try tx.json(forKey: feedID, in: readState)?.arrayValue else { return [] }
        return Set(list.compactMap(\.asString))
    }

    static func saveReadIDs(_ ids: Set<String>, of feedID: String, _ tx: KeyValueStore.Transaction) throws {
        if ids.isEmpty {
            try tx.remove(forKey: feedID, in: readState)
        } else {
            try tx.set(JSONValue.array(ids.sorted().map(JSONValue.string)), forKey: feedID, in: readState)
        }
    }

    // MARK: Bodies and search text

    static func body(of itemID: String, _ tx: KeyValueStore.ReadTransaction) throws -> String? {
        try tx.json(forKey: itemID, in: bodies)?.asString
    }

    /// A feed's search index: one string of records, each an item id, a space and the item's
    /// folded text, ended by U+E000 (see ``SearchText/fold(_:)``). One long string without escapes
    /// reads back far faster than an object of 500 short ones.
    static func searchIndex(of feedID: String, _ tx: KeyValueStore.ReadTransaction) throws -> String {
        try tx.json(forKey: feedID, in: searchIndex)?.asString ?? ""
    }

    /// The search texts of a feed by item id.
    static func searchTexts(of feedID: String, _ tx: KeyValueStore.ReadTransaction) throws -> [String: String] {
        var texts: [String: String] = [:]
        SearchText.forEachRecord(in: try searchIndex(of: feedID, tx)) { id, text in texts[id] = text }
        return texts
    }

    static func saveSearchTexts(
        _ texts: [String: String], order: [String], of feedID: String, _ tx: KeyValueStore.Transaction
    ) throws {
        var index = ""
        for id in order {
            guard let text = texts[id] else { continue }
            index += id + " " + text
            index.unicodeScalars.append(SearchText.recordEnd)
        }
        try tx.set(JSONValue.string(index), forKey: feedID, in: searchIndex)
    }

    // MARK: Dates

    /// A date as whole milliseconds since 1970.
    static func date(_ date: Date) -> JSONValue {
        .integer(milliseconds(date))
    }

    static func date(_ value: JSONValue?) -> Date? {
        guard let value else { return nil }
        if case .integer(let milliseconds) = value { return date(milliseconds: milliseconds) }
        return value.asDouble.map { date(milliseconds: Int64(($0 * 1000).rounded())) }
    }

    /// `date` to the millisecond, as the store keeps it: what a caller gets back equals what was stored.
    static func rounded(_ date: Date) -> Date {
        self.date(milliseconds: milliseconds(date))
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    private static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
