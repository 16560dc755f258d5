import BasicCLI
import CnblogsClient
import Foundation

/// Which article `read`, `save` and `comments` name: `ID`, `BLOGAPP/ID`, a post's address, a
/// saved key (`post-18562097`, `news-789012`), or a news item's id with `--news`.
struct CnblogsTarget: Sendable {
    /// A post or a news item.
    var kind: Article.Kind
    /// The post (its blog when the text names it), or the news item's id.
    var reference: PostReference

    /// The id.
    var id: Int { reference.id }

    /// The target `text` names.
    ///
    /// - Throws: `ValidationError` for anything else.
    init(_ text: String, news: Bool) throws {
        for kind in Article.Kind.allCases where text.hasPrefix("\(kind.rawValue)-") {
            if let id = Int(text.dropFirst(kind.rawValue.count + 1)), id >= 1 {
                self.init(kind: kind, reference: PostReference(id: id))
                return
            }
        }
        if news {
            guard let id = Int(text), id >= 1 else {
                throw ValidationError("give a news item's id (or a saved key such as news-789012), not '\(text)'")
            }
            self.init(kind: .news, reference: PostReference(id: id))
            return
        }
        do {
            self.init(kind: .post, reference: try PostReference(parsing: text))
        } catch {
            throw ValidationError(
                "give a post as ID, BLOGAPP/ID or its address (https://www.cnblogs.com/BLOGAPP/p/ID), a news "
                    + "item's id with --news, or a saved key such as news-789012, not '\(text)'")
        }
    }

    init(kind: Article.Kind, reference: PostReference) {
        self.kind = kind
        self.reference = reference
    }

    /// The post's reference with its blog: as given, or found in the lists a reader browses
    /// (site home, picked, 48-hour most read, 10-day most recommended) when `source` needs the
    /// blog and only an id was given. A list that fails is passed over; a post in none of them is
    /// left without its blog, which the client then says how to give.
    func resolvedReference(with client: CnblogsClient, from source: CnblogsSource) async -> PostReference {
        guard kind == .post, reference.blogapp == nil, source != .legacy else { return reference }
        let id = reference.id
        for list in 0..<4 {
            let listing: CnblogsListing<BlogPost>
            do {
                switch list {
                case 0: listing = try await client.blogs(from: source)
                case 1: listing = try await client.picked(from: source)
                case 2: listing = try await client.ranking(.mostRead48Hours, from: source)
                default: listing = try await client.ranking(.mostRecommended10Days, from: source)
                }
            } catch {
                continue
            }
            if let post = listing.items.first(where: { $0.id == id }), let blogapp = post.blogapp {
                return PostReference(id: id, blogapp: blogapp)
            }
        }
        return reference
    }

    /// The article, from `source`.
    func article(with client: CnblogsClient, from source: CnblogsSource) async throws(CnblogsError) -> Article {
        switch (kind, source) {
        case (.news, .legacy):
            return try await client.newsArticle(id: id)
        case (.news, .api):
            // The body has no title: the latest news list (when the item is in it) gives one.
            _ = try? await client.newsItems(from: .api)
            return try await client.article(newsID: id, from: source)
        case (.news, _):
            return try await client.article(newsID: id, from: source)
        case (.post, .legacy):
            return try await client.postArticle(id: id)
        case (.post, _):
            return try await client.article(await resolvedReference(with: client, from: source), from: source)
        }
    }

    /// The id as it appears in the article's URLs (and the blog, when given), for ``ReplayHint``.
    var slots: [ReplayHint.Slot] {
        [ReplayHint.Slot(value: String(id), noun: "id")]
            + (reference.blogapp.map { [ReplayHint.Slot(value: $0, noun: "blog")] } ?? [])
    }
}
