/// The 订阅 tab's state: the feeds in their folders, the feed opened (its items), a refresh in
/// flight, and the requests each waits for.
struct SubscriptionsPage: Hashable, Sendable {
    /// A feed's items, shown after `Enter` on the feed.
    struct OpenFeed: Hashable, Sendable {
        var feedID: String
        var phase = ReaderList.Phase.idle
        var items: [ReaderFeedItem] = []
        var selected = 0
        var top = 0

        /// The request it waits for.
        // Not inlined: inlined into the model's key handlers, Swift 6.3.1's optimiser (CopyPropagation)
        // fails its ownership check and crashes in release builds.
        @inline(never) var loadingRequest: RequestID? {
            if case .loading(let id) = phase { return id }
            return nil
        }

        /// Selects `index` (clamped), keeping it inside the `height` rows shown.
        mutating func select(_ index: Int, height: Int) {
            selected = min(max(index, 0), max(items.count - 1, 0))
            keepVisible(height: height)
        }

        /// Scrolls so that the selection is one of the `height` rows shown.
        mutating func keepVisible(height: Int) {
            let height = max(height, 1)
            if selected < top { top = selected }
            if selected >= top + height { top = selected - height + 1 }
            top = max(0, min(top, max(items.count - height, 0)))
        }
    }

    /// A line of the feed list: a folder's heading or a feed (an index into ``feeds``).
    enum Row: Hashable, Sendable {
        case folder(String, unread: Int)
        case feed(Int)
    }

    var phase = ReaderList.Phase.idle
    /// The feeds in the order shown: those in no folder first, then each folder's (folders by
    /// name), each in the order it was added.
    private(set) var feeds: [ReaderFeed] = []
    /// The lines shown: ``feeds`` under their folders' headings.
    private(set) var rows: [Row] = []
    /// The selected feed, an index into ``feeds``.
    var selected = 0
    /// The first row shown.
    var top = 0
    /// The feed opened, if any.
    var openFeed: OpenFeed?
    /// The item shown in the pager, if it was opened from here.
    var openedItem: ReaderFeedItem?
    /// The refresh in flight and how far it got.
    var refreshing: RequestID?
    var progress: SubscriptionsProgress?
    /// Why the last refresh failed, or which feeds it could not refresh: a line above the feeds.
    var refreshProblem: String?
    /// The feed each mark-all-read request is about.
    var marking: [RequestID: String] = [:]

    /// The request the list waits for.
    var loadingRequest: RequestID? {
        if case .loading(let id) = phase { return id }
        return nil
    }

    /// Every request in flight.
    var requests: [RequestID] {
        let marks = marking.keys.sorted { $0.value < $1.value }
        return [loadingRequest, openFeed?.loadingRequest, refreshing].compactMap { $0 } + marks
    }

    /// The selected feed, if any.
    var selectedFeed: ReaderFeed? {
        feeds.indices.contains(selected) ? feeds[selected] : nil
    }

    /// The feed with `id`, if listed.
    func feed(_ id: String) -> ReaderFeed? {
        feeds.first { $0.id == id }
    }

    /// Shows `newFeeds` in their folders, keeping the selected feed selected where it still is.
    mutating func setFeeds(_ newFeeds: [ReaderFeed], height: Int) {
        let kept = selectedFeed?.id
        var order: [String?] = [nil]
        for folder in Set(newFeeds.compactMap(\.folder)).sorted() { order.append(folder) }
        feeds = order.flatMap { folder in newFeeds.filter { $0.folder == folder } }
        rebuildRows()
        if let kept, let index = feeds.firstIndex(where: { $0.id == kept }) {
            selected = index
        }
        select(selected, height: height)
    }

    /// Changes the feed with `id` in place (its counts), keeping the rows and the selection.
    mutating func update(_ id: String, _ change: (inout ReaderFeed) -> Void) {
        guard let index = feeds.firstIndex(where: { $0.id == id }) else { return }
        change(&feeds[index])
        rebuildRows()
    }

    private mutating func rebuildRows() {
        rows = []
        var folder: String?
        for (index, feed) in feeds.enumerated() {
            if let name = feed.folder, name != folder {
                let unread = feeds.filter { $0.folder == name }.reduce(0) { $0 + $1.unreadCount }
                rows.append(.folder(name, unread: unread))
            }
            folder = feed.folder
            rows.append(.feed(index))
        }
    }

    /// Selects the feed at `index` (clamped), keeping it inside the `height` rows shown.
    mutating func select(_ index: Int, height: Int) {
        selected = min(max(index, 0), max(feeds.count - 1, 0))
        keepVisible(height: height)
    }

    /// Scrolls so that the selected feed is one of the `height` rows shown, and its folder's
    /// heading too when it is the folder's first feed.
    mutating func keepVisible(height: Int) {
        let height = max(height, 1)
        guard let row = rows.firstIndex(of: .feed(selected)) else {
            top = 0
            return
        }
        var first = row
        if row > 0, height > 1, case .folder = rows[row - 1] { first = row - 1 }
        if first < top { top = first }
        if row >= top + height { top = row - height + 1 }
        top = max(0, min(top, max(rows.count - height, 0)))
    }
}
