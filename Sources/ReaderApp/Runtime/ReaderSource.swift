import CnblogsClient

/// Where the reader's lists and articles come from: a ``CnblogsClient/CnblogsClient`` and the
/// source it reads (the same calls as `bsl cnblogs blogs`, `picked`, `news`, `top48` and `read`).
public struct ReaderSource: Sendable {
    /// The client.
    public let client: CnblogsClient
    /// The source named on the command line; nil for the one that answers today.
    public let source: CnblogsSource?

    /// A source reading through `client` from `source`.
    public init(client: CnblogsClient, source: CnblogsSource? = nil) {
        self.client = client
        self.source = source
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
            case .subscriptions, .offline, .me:
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
}
