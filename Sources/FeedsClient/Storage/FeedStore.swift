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
        guard let value = try tx.json(forKey: feedID, in: items), let list = value["items"]?.arrayValue else {
            return []
        }
        return list.compactMap { item(from: $0, feedID: feedID) }
    }

    static func saveItems(_ list: [FeedItem], of feedID: String, _ tx: KeyValueStore.Transaction) throws {
        try tx.set(JSONValue.object(["items": .array(list.map(json))]), forKey: feedID, in: items)
    }

    static func json(_ item: FeedItem) -> JSONValue {
        var object = JSONObject(minimumCapacity: 10)
        object["id"] = .string(item.id)
        object["key"] = .string(item.key)
        object["title"] = .string(item.title)
        object["link"] = item.link.map { .string($0.absoluteString) }
        object["author"] = item.author.map(JSONValue.string)
        object["published"] = item.published.map(date)
        object["updated"] = item.updated.map(date)
        object["seen"] = date(item.firstSeen)
        object["summary"] = .string(item.summary)
        if item.hasBody { object["body"] = .bool(true) }
        object["bodyHash"] = item.bodyHash.map(JSONValue.string)
        object["base"] = item.bodyBaseURL.map { .string($0.absoluteString) }
        return .object(object)
    }

    static func item(from value: JSONValue, feedID: String) -> FeedItem? {
        guard let id = value["id"]?.asString, let key = value["key"]?.asString else { return nil }
        var item = FeedItem(
            id: id, feedID: feedID, key: key, title: value["title"]?.asString ?? "",
            firstSeen: date(value["seen"]) ?? Date(timeIntervalSince1970: 0))
        item.link = value["link"]?.asString.flatMap(URL.init(string:))
        item.author = value["author"]?.asString
        item.published = date(value["published"])
        item.updated = date(value["updated"])
        item.summary = value["summary"]?.asString ?? ""
        item.hasBody = value["body"]?.asBool ?? false
        item.bodyHash = value["bodyHash"]?.asString
        item.bodyBaseURL = value["base"]?.asString.flatMap(URL.init(string:))
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

    static func searchTexts(of feedID: String, _ tx: KeyValueStore.ReadTransaction) throws -> JSONObject {
        try tx.json(forKey: feedID, in: searchIndex)?.objectValue ?? JSONObject()
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
