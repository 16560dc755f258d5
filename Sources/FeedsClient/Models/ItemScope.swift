/// Which items an operation is about: all of them, one feed's, or one folder's.
///
/// ```swift
/// let unread = try subscriptions.items(in: .folder("Swift"), unreadOnly: true)
/// try subscriptions.markAllRead(in: .feed("https://example.org/feed.xml"))
/// ```
public enum ItemScope: Sendable, Hashable {
    /// Every feed's items.
    case all
    /// One feed's, by its URL or id.
    case feed(String)
    /// The items of the feeds in a folder and the folders inside it (`Parent` holds `Parent/Child`).
    case folder(String)
}
