import Foundation

/// Which blog post to read: an id, with the blog it belongs to when known. A post's page is
/// `https://www.cnblogs.com/{blogapp}/p/{id}`, so the site needs both; the token API needs only the id.
///
/// ```swift
/// let a = try PostReference(parsing: "https://www.cnblogs.com/nanshan-walker/p/18562097")
/// let b = try PostReference(parsing: "nanshan-walker/18562097")
/// let c = try PostReference(parsing: "18562097")        // blogapp nil: found in a list read before
/// ```
public struct PostReference: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The post's id.
    public var id: Int
    /// The blog's short name (`www.cnblogs.com/{blogapp}/`), when known.
    public var blogapp: String?

    /// A reference from its parts.
    public init(id: Int, blogapp: String? = nil) {
        self.id = id
        self.blogapp = blogapp
    }

    /// The reference `text` names: a post's address on www.cnblogs.com (`…/{blogapp}/p/{id}`,
    /// `…/p/{id}.html`, `…/archive/2012/12/13/{id}.html`), `{blogapp}/{id}`, or an id alone.
    ///
    /// - Throws: ``CnblogsError/invalidArgument(name:value:reason:)`` for anything else.
    public init(parsing text: String) throws(CnblogsError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        func invalid(_ reason: String) -> CnblogsError {
            .invalidArgument(name: "post", value: "'\(text)'", reason: reason)
        }
        let usage = "give a post's address (https://www.cnblogs.com/BLOGAPP/p/ID), BLOGAPP/ID, or an ID"
        if let id = Int(trimmed) {
            guard id >= 1 else { throw invalid("ids start at 1") }
            self.init(id: id)
            return
        }
        if trimmed.contains("://") {
            guard let url = URL(string: trimmed), let host = url.host?.lowercased(),
                host == "www.cnblogs.com" || host == "cnblogs.com"
            else { throw invalid("not an address on www.cnblogs.com; \(usage)") }
            guard let id = CnblogsFeedDecoder.postID(in: trimmed),
                let blogapp = CnblogsFeedDecoder.blogapp(fromAuthorURI: url), Self.isBlogapp(blogapp)
            else { throw invalid("the address holds no blog and post id; \(usage)") }
            self.init(id: id, blogapp: blogapp)
            return
        }
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let id = Int(parts[1]), id >= 1, Self.isBlogapp(String(parts[0])) else {
            throw invalid(usage)
        }
        self.init(id: id, blogapp: String(parts[0]))
    }

    /// `nanshan-walker/18562097`, or the id alone.
    public var description: String {
        blogapp.map { "\($0)/\(id)" } ?? String(id)
    }

    /// Whether `text` can be a blog's short name: letters, digits, `-`, `_` and `.`, not only dots.
    static func isBlogapp(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
            && !text.allSatisfy { $0 == "." }
    }
}
