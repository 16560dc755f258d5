/// A list as one source gave it: the entries that could be read, how many rows could not, and
/// where it came from.
///
/// ```swift
/// let listing = try await client.blogs(from: .site)
/// for post in listing.items { print(post.title, post.viewCount.map(String.init) ?? "—") }
/// if listing.droppedCount > 0 { print("\(listing.droppedCount) entries could not be read") }
/// ```
///
/// Today's sources are read leniently: a row without what every row needs (an id, a title, a
/// date) is dropped and counted, not a failure of the whole list; a field a row lacks is nil.
public struct CnblogsListing<Item: Sendable & Hashable>: Sendable, Hashable {
    /// The entries, in the order the source gave them.
    public var items: [Item]
    /// How many rows were left out because they lacked an id, a title or a date.
    public var droppedCount: Int
    /// The source that answered.
    public var source: CnblogsSource
    /// The address that answered, for messages.
    public var url: String

    /// A listing from its parts.
    public init(items: [Item], droppedCount: Int = 0, source: CnblogsSource, url: String) {
        self.items = items
        self.droppedCount = droppedCount
        self.source = source
        self.url = url
    }

    /// The same listing with its items changed by `transform` (the first `n` of them, say).
    public func with(items transform: ([Item]) -> [Item]) -> CnblogsListing {
        CnblogsListing(items: transform(items), droppedCount: droppedCount, source: source, url: url)
    }
}

extension CnblogsListing: Encodable where Item: Encodable {
    /// Encodes `items`, `droppedCount`, `source` and `url`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(droppedCount, forKey: .droppedCount)
        try container.encode(source.rawValue, forKey: .source)
        try container.encode(url, forKey: .url)
    }

    private enum CodingKeys: String, CodingKey {
        case items, droppedCount, source, url
    }
}
