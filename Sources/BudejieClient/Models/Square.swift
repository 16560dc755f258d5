import BasicRouting
import Foundation

/// One cell of the "Me" page's square grid: what the page keeps of a `square_list` entry.
public struct Square: Sendable, Hashable, Codable {
    /// The entry's id, when it has one (a number or a numeric string in the API).
    public var id: Int?
    /// The title under the icon.
    public var name: String
    /// The icon, when the entry has one.
    public var icon: URL?
    /// Where a tap goes: a web page (`http…`) or a native screen (`mod://…`), `&amp;` decoded.
    public var url: String

    /// Creates a square.
    public init(id: Int?, name: String, icon: URL?, url: String) {
        self.id = id
        self.name = name
        self.icon = icon
        self.url = url
    }

    /// What kind of place ``url`` leads to.
    public var link: SquareLink {
        guard let parsed = try? AppLink(url) else { return .unknown }
        switch parsed.scheme {
        case "http", "https": return .web
        case "mod": return .native(screen: parsed.host, parameters: parsed.query)
        default: return .unknown
        }
    }
}

/// Where a square's link leads, by its scheme, as the "Me" page routes it.
public enum SquareLink: Sendable, Hashable {
    /// `http…`: a web page.
    case web
    /// `mod://SCREEN@name=value`: a native screen and its parameters.
    case native(screen: String, parameters: [String: String])
    /// Anything else: the page ignores the tap.
    case unknown

    /// `web`, `native` or `unknown`, for tables.
    public var kindName: String {
        switch self {
        case .web: "web"
        case .native: "native"
        case .unknown: "unknown"
        }
    }
}

/// A topic of the `tag_list`.
public struct SquareTag: Sendable, Hashable, Codable {
    /// The topic's id (a number or a numeric string in the API).
    public var id: Int
    /// The topic's name.
    public var name: String

    /// Creates a tag.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// The square list as decoded: the squares kept, the tags, and how many entries were dropped.
public struct SquarePage: Sendable, Hashable {
    /// The squares with a name and a link, in the API's order.
    public var squares: [Square]
    /// The `tag_list`, empty when the response has none.
    public var tags: [SquareTag]
    /// Entries dropped because they had no name or no link (such as the trailing "more" cell
    /// whose `url` is empty) or were not objects.
    public var droppedCount: Int
    /// `info.count`, when the response gives it.
    public var reportedCount: Int?
}
