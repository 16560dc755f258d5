import BudejieClient
import CnblogsClient
import Foundation

/// Where the reader's lists and articles come from: a ``CnblogsClient/CnblogsClient`` and the
/// source it reads (the same calls as `bsl cnblogs blogs`, `picked`, `news`, `top48` and `read`),
/// and the offline library's folder (as `bsl cnblogs offline` reads it).
public struct ReaderSource: Sendable {
    /// The client.
    public let client: CnblogsClient
    /// The source named on the command line; nil for the one that answers today.
    public let source: CnblogsSource?
    /// The offline library's folder; nil for none.
    public let library: URL?
    /// The Budejie client the 我的 tab's square grid reads; nil for none (the grid says so).
    public var budejie: BudejieClient?
    /// The cache folders the 我的 tab measures and clears; nil for none.
    public var caches: ReaderCaches?
    /// Where `w` writes articles' pages; nil for nowhere.
    public let pageFolder: URL?

    /// A source reading through `client` from `source`, and saved articles from the library in
    /// the folder `library`.
    ///
    /// `pageFolder` is where ``writePage(_:)`` writes an article's phone-sized page.
    public init(client: CnblogsClient, source: CnblogsSource? = nil, library: URL? = nil, pageFolder: URL? = nil) {
        self.client = client
        self.source = source
        self.library = library
        self.pageFolder = pageFolder
    }

    /// The entries of `tab`'s list, or why there are none.
    public func entries(for tab: ReaderTab) async -> Result<[ReaderEntry], ReaderFailure> {
        let source = client.resolved(self.source)
        do {
            switch tab {
            case .home:
                return .success(try await client.blogs(from: source).items.map(ReaderEntry.init))
            case .picked:
                return .success(try await client.picked(from: source).items.map(ReaderEntry.init))
            case .news:
                return .success(try await client.newsItems(.latest, from: source).items.map(ReaderEntry.init))
            case .ranking:
                return .success(try await client.ranking(.mostRead48Hours, from: source).items.map(ReaderEntry.init))
            case .offline:
                guard let library, try OfflineLibrary.exists(at: library) else { return .success([]) }
                let opened = try OfflineLibrary(folder: library, creating: false, access: .readOnly)
                return .success(try opened.entries().map(ReaderEntry.init(saved:)))
            case .subscriptions, .me:
                return .failure(ReaderFailure("\(tab.title) has no list from cnblogs"))
            }
        } catch {
            return .failure(ReaderFailure(error.description))
        }
    }

    /// Page `page` (2 and on) of a list that pages (``ReaderTab/pages``), or why it cannot be had.
    public func entries(for tab: ReaderTab, page: Int) async -> Result<[ReaderEntry], ReaderFailure> {
        let source = client.resolved(self.source)
        do {
            switch tab {
            case .home:
                return .success(try await client.blogs(page: page, from: source).items.map(ReaderEntry.init))
            case .picked:
                return .success(try await client.picked(page: page, from: source).items.map(ReaderEntry.init))
            case .news:
                return .success(
                    try await client.newsItems(.latest, page: page, from: source).items.map(ReaderEntry.init))
            case .ranking, .subscriptions, .offline, .me:
                return .failure(ReaderFailure("\(tab.title) has no more pages"))
            }
        } catch {
            return .failure(ReaderFailure(error.description))
        }
    }

    /// Whether the token API is the source read (a token is stored, or `--source api`): `/` then
    /// searches cnblogs too.
    public var searchesAPI: Bool { client.resolved(source) == .api }

    /// The token API's search for `query` among news (`news`) or posts, as entries; or why not.
    /// A post's blog is read from its address (`https://www.cnblogs.com/BLOG/p/ID.html`).
    public func search(_ query: String, news: Bool) async -> Result<[ReaderEntry], ReaderFailure> {
        do {
            let hits = try await client.search(query, in: news ? .news : .blogs, from: client.resolved(source)).items
            return .success(
                hits.compactMap { hit in
                    guard let id = hit.id else { return nil }
                    let blogapp = news ? nil : hit.url.flatMap { $0.pathComponents.dropFirst().first }
                    var entry = ReaderEntry(
                        kind: news ? .news : .post, id: id, title: hit.title, byline: hit.author ?? "",
                        published: hit.published ?? .distantPast, link: hit.url, blogapp: blogapp)
                    (entry.viewCount, entry.commentCount) = (hit.viewCount, hit.commentCount)
                    return entry
                })
        } catch {
            return .failure(ReaderFailure(error.description))
        }
    }

    /// The comments on `entry`'s post or news item (the first page), or why they cannot be read.
    public func comments(for entry: ReaderEntry) async -> Result<[Comment], ReaderFailure> {
        let source = client.resolved(self.source)
        do {
            switch entry.kind {
            case .news:
                return .success(try await client.comments(onNews: entry.id, from: source).items)
            case .post:
                let reference = PostReference(id: entry.id, blogapp: entry.blogapp)
                return .success(try await client.comments(on: reference, from: source).items)
            }
        } catch {
            return .failure(ReaderFailure(error.description))
        }
    }

    /// Saves `article` in the offline library with its images, calling `progress` with (images
    /// done, images in all) from any thread; the line to show when it is done.
    public func save(
        _ article: Article, progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void
    ) async -> Result<String, ReaderFailure> {
        guard let library else { return .failure(ReaderFailure("Could not save it: no offline library was given")) }
        do {
            let opened = try OfflineLibrary(folder: library, pool: client.pool)
            let result = try await opened.save(article, downloadingImages: true, progress: progress)
            let images =
                article.imageURLs.isEmpty ? "" : " (\(result.entry.savedImages) of \(article.imageURLs.count) images)"
            return .success(
                "\(result.replacedExisting ? "Saved again" : "Saved") \(article.key) for reading offline\(images).")
        } catch {
            return .failure(ReaderFailure("Could not save it: \(error.description)"))
        }
    }

    /// Writes `article`'s phone-sized page (`ArticlePage`, the sanitized body in the app's
    /// layout) to `<pageFolder>/<key>.html`; the line naming the file.
    public func writePage(_ article: Article) async -> Result<String, ReaderFailure> {
        guard let pageFolder else { return .failure(ReaderFailure("Could not write the page: no folder for pages")) }
        let file = pageFolder.appendingPathComponent("\(article.key).html")
        do {
            try FileManager.default.createDirectory(at: pageFolder, withIntermediateDirectories: true)
            let body = ArticleHTML.sanitized(article.html, base: article.link)
            try Data(ArticlePage(article: article, bodyHTML: body).html().utf8).write(to: file, options: .atomic)
            return .success("Wrote \(file.path)")
        } catch {
            return .failure(ReaderFailure("Could not write \(file.path): \(error.localizedDescription)"))
        }
    }

    /// The article of `entry`, or why it cannot be read.
    public func article(for entry: ReaderEntry) async -> Result<Article, ReaderFailure> {
        let source = client.resolved(self.source)
        do {
            if entry.isSaved {
                guard let library else { return .failure(ReaderFailure("no offline library was given")) }
                let opened = try OfflineLibrary(folder: library, creating: false, access: .readOnly)
                guard let article = try opened.article(entry.kind, id: entry.id) else {
                    return .failure(ReaderFailure("\(entry.kind.rawValue)-\(entry.id) is no longer in the library"))
                }
                return .success(article)
            }
            switch (entry.kind, source) {
            case (.news, .legacy):
                return .success(try await client.newsArticle(id: entry.id))
            case (.news, _):
                return .success(try await client.article(newsID: entry.id, from: source))
            case (.post, .legacy):
                return .success(try await client.postArticle(id: entry.id))
            case (.post, _):
                return .success(
                    try await client.article(PostReference(id: entry.id, blogapp: entry.blogapp), from: source))
            }
        } catch {
            return .failure(ReaderFailure(error.description))
        }
    }

    /// Removes `entry` from the offline library (and the images no other saved article shows).
    public func remove(_ entry: ReaderEntry) async -> Result<ReaderEntry, ReaderFailure> {
        guard let library else { return .failure(ReaderFailure("no offline library was given")) }
        do {
            let opened = try OfflineLibrary(folder: library, creating: false, access: .readWrite)
            guard try opened.remove(entry.kind, id: entry.id) else {
                return .failure(ReaderFailure("\(entry.kind.rawValue)-\(entry.id) is no longer in the library"))
            }
            return .success(entry)
        } catch {
            return .failure(ReaderFailure(error.description))
        }
    }
}
