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

    /// A source reading through `client` from `source`, and saved articles from the library in
    /// the folder `library`.
    public init(client: CnblogsClient, source: CnblogsSource? = nil, library: URL? = nil) {
        self.client = client
        self.source = source
        self.library = library
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
