import Synchronization

/// The posts and news items a client's lists have shown, by id: how `read ID` finds the blog a
/// post belongs to (its page is `{blogapp}/p/{id}`) and the title, author and date that a body
/// from the token API lacks.
final class CnblogsDirectory: Sendable {
    private let entries = Mutex(Entries())

    private struct Entries {
        var posts: [Int: BlogPost] = [:]
        var news: [Int: NewsItem] = [:]
    }

    /// Remembers `posts`; a later list's entry replaces an earlier one.
    func remember(_ posts: [BlogPost]) {
        entries.withLock { entries in
            for post in posts { entries.posts[post.id] = post }
        }
    }

    /// Remembers `items`.
    func remember(_ items: [NewsItem]) {
        entries.withLock { entries in
            for item in items { entries.news[item.id] = item }
        }
    }

    /// The post with `id`, if a list has shown it.
    func post(_ id: Int) -> BlogPost? {
        entries.withLock { $0.posts[id] }
    }

    /// The news item with `id`, if a list has shown it.
    func newsItem(_ id: Int) -> NewsItem? {
        entries.withLock { $0.news[id] }
    }
}
