import BasicCore
import BasicFormat
import BasicXML
import Foundation

/// An OPML 1.0, 1.1 or 2.0 subscription list: the feeds of its outlines, with nested outlines
/// as folders.
///
/// ```swift
/// let document = try OPMLDocument(parsing: Data(contentsOf: file))
/// for entry in document.entries { print(entry.folder ?? "-", entry.title ?? "", entry.url) }
/// let data = OPMLDocument(title: "My feeds", entries: document.entries).data
/// ```
///
/// Reading follows what readers export (newsboat's `-e`, NetNewsWire, Feedly, Inoreader): an
/// outline with an `xmlUrl` is a feed (its `title`, else its `text`, names it), any other outline
/// with outlines inside is a folder named by its `title` or `text`, and attribute names are
/// compared without regard to case. The XML is read by BasicXML, so entity bombs, external
/// entities and deep nesting are refused.
public struct OPMLDocument: Sendable, Hashable {
    /// The head's title.
    public var title: String?
    /// The feeds, in document order.
    public var entries: [OPMLEntry]

    /// The most bytes a file may have: far above any subscription list.
    public static let maximumBytes = 32 << 20
    /// The most feeds a file may list.
    public static let maximumEntries = 10_000

    /// A document from its parts.
    public init(title: String? = nil, entries: [OPMLEntry]) {
        self.title = title
        self.entries = entries
    }

    /// Reads an OPML file.
    ///
    /// - Throws: ``FeedsError/invalidOPML(reason:)`` when the file is not XML, not OPML, larger
    ///   than ``maximumBytes`` or lists more than ``maximumEntries`` feeds.
    /// - Complexity: O(*n*) in the size of the file.
    public init(parsing data: Data) throws(FeedsError) {
        guard data.count <= Self.maximumBytes else {
            throw .invalidOPML(reason: "the file is \(data.count) bytes, more than the \(Self.maximumBytes) allowed")
        }
        var configuration = XMLConverter.Configuration()
        configuration.alwaysUsesArrays = true
        let root: JSONValue
        do {
            root = try XMLConverter(configuration: configuration).convert(data)
        } catch {
            throw .invalidOPML(reason: "\(error)")
        }
        guard root[configuration.nameKey]?.asString?.lowercased() == "opml" else {
            let name = root[configuration.nameKey]?.asString ?? "?"
            throw .invalidOPML(reason: "the root element is <\(name)>, not <opml>")
        }
        title = Self.child(root, "head").flatMap { Self.child($0, "title") }.flatMap(Self.text)
            .map(FeedXMLText.trimmed)
        guard let body = Self.child(root, "body") else {
            throw .invalidOPML(reason: "the file has no <body>")
        }
        entries = try Self.entries(in: body, attributePrefix: configuration.attributePrefix)
    }

    /// The feed outlines under `body`, walked without recursion.
    private static func entries(in body: JSONValue, attributePrefix: String) throws(FeedsError) -> [OPMLEntry] {
        var entries: [OPMLEntry] = []
        // Outlines still to visit, last first, each with the folder path it sits in.
        var pending: [(outline: JSONValue, folder: [String])] = outlines(of: body).reversed().map { ($0, []) }
        while let (outline, folder) = pending.popLast() {
            let attributes = Attributes(outline, prefix: attributePrefix)
            let name = (attributes["title"] ?? attributes["text"]).map(FeedXMLText.trimmed).flatMap {
                $0.isEmpty ? nil : $0
            }
            if let url = attributes["xmlUrl"] {
                entries.append(
                    OPMLEntry(
                        url: FeedXMLText.trimmed(url), title: name,
                        siteURL: attributes["htmlUrl"].map(FeedXMLText.trimmed).flatMap { $0.isEmpty ? nil : $0 },
                        folder: folder.isEmpty ? nil : folder.joined(separator: "/")))
                guard entries.count <= maximumEntries else {
                    throw .invalidOPML(
                        reason: "the file lists more than \(maximumEntries) feeds; split it into smaller files")
                }
            }
            let children = outlines(of: outline)
            guard !children.isEmpty else { continue }
            // A folder's outlines sit in it; a feed's (which some files have) share its folder.
            let inner = attributes["xmlUrl"] == nil ? folder + [name ?? ""] : folder
            pending.append(contentsOf: children.reversed().map { ($0, inner) })
        }
        return entries
    }

    /// The `outline` children of an element.
    private static func outlines(of element: JSONValue) -> [JSONValue] {
        guard let object = element.objectValue else { return [] }
        var found: [JSONValue] = []
        for (key, value) in object where key.lowercased() == "outline" {
            found += value.arrayValue ?? [value]
        }
        return found
    }

    /// The first child element `name` (any case).
    private static func child(_ element: JSONValue, _ name: String) -> JSONValue? {
        guard let object = element.objectValue else { return nil }
        for (key, value) in object where key.lowercased() == name {
            return value.arrayValue?.first ?? value
        }
        return nil
    }

    /// An element's text.
    private static func text(_ element: JSONValue) -> String? {
        switch element {
        case .string(let text): text
        case .object(let object): object["__text"]?.asString
        default: nil
        }
    }

    /// An outline's attributes by name, compared without regard to case.
    private struct Attributes {
        var values: [String: String] = [:]

        init(_ outline: JSONValue, prefix: String) {
            guard let object = outline.objectValue else { return }
            for (key, value) in object where key.hasPrefix(prefix) && !key.hasPrefix("__") {
                let name = key.dropFirst(prefix.count).lowercased()
                if values[name] == nil, let string = value.asString { values[name] = string }
            }
        }

        subscript(name: String) -> String? { values[name.lowercased()] }
    }

    // MARK: Writing

    /// The document as OPML 2.0, UTF-8: the feeds at the top level first, then each folder (nested
    /// by the `/` in its name) where its first feed came, two-space indents, and no date, so that
    /// the same subscriptions always give the same bytes.
    public var data: Data { Data(xml.utf8) }

    /// The document as OPML 2.0 text; see ``data``.
    public var xml: String {
        var output = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<opml version="2.0">"# + "\n"
        output += "  <head>\n    <title>\(Self.escaped(title ?? ""))</title>\n  </head>\n  <body>\n"
        // The tree of folders, in the order they first appear.
        final class Folder {
            var name: String
            var children: [Node] = []
            init(name: String) { self.name = name }
        }
        enum Node {
            case feed(OPMLEntry)
            case folder(Folder)
        }
        let root = Folder(name: "")
        for entry in entries {
            var folder = root
            for component in (entry.folder ?? "").split(separator: "/", omittingEmptySubsequences: true) {
                let name = String(component)
                if let existing = folder.children.lazy.compactMap({ node -> Folder? in
                    if case .folder(let child) = node, child.name == name { return child }
                    return nil
                }).first {
                    folder = existing
                } else {
                    let created = Folder(name: name)
                    folder.children.append(.folder(created))
                    folder = created
                }
            }
            folder.children.append(.feed(entry))
        }
        // Written without recursion: a step is a node to open at a depth, or a folder to close.
        enum Step {
            case node(Node, depth: Int)
            case close(depth: Int)
        }
        var steps: [Step] = root.children.reversed().map { .node($0, depth: 2) }
        while let step = steps.popLast() {
            switch step {
            case .close(let depth):
                output += String(repeating: "  ", count: depth) + "</outline>\n"
            case .node(.feed(let entry), let depth):
                let title = Self.escaped(entry.title ?? "")
                output += String(repeating: "  ", count: depth)
                output +=
                    #"<outline type="rss" text="\#(title)" title="\#(title)" xmlUrl="\#(Self.escaped(entry.url))""#
                if let site = entry.siteURL { output += #" htmlUrl="\#(Self.escaped(site))""# }
                output += "/>\n"
            case .node(.folder(let folder), let depth):
                let name = Self.escaped(folder.name)
                output += String(repeating: "  ", count: depth) + #"<outline text="\#(name)" title="\#(name)">"# + "\n"
                steps.append(.close(depth: depth))
                steps.append(contentsOf: folder.children.reversed().map { .node($0, depth: depth + 1) })
            }
        }
        output += "  </body>\n</opml>\n"
        return output
    }

    /// `text` safe in an attribute or element: `&`, `<`, `>`, `"` and `'` escaped, tabs and line
    /// breaks as character references so that attribute normalisation keeps them, and what XML 1.0
    /// forbids as U+FFFD (BasicFormat's one escaper).
    static func escaped(_ text: String) -> String {
        HTMLText.escapingAttribute(text, whiteSpace: .references)
    }
}

/// Trimming of XML white space, shared by the OPML reader.
enum FeedXMLText {
    /// `text` without leading and trailing spaces, tabs and line breaks.
    static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
