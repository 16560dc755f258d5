import BasicFormat
import BasicTerminal
import CnblogsClient

/// 订阅: the subscriptions of `bsl feeds` in their folders with their unread counts; `Enter` on a
/// feed lists its items, `Enter` on an item reads it in the article pager (and marks it read);
/// `a` marks a feed read, `r` refreshes every feed.
extension ReaderModel {
    /// The rows of the feed list: the list's, less the line a refresh's problem takes.
    var feedListHeight: Int { max(listHeight - (subscriptionsPage.refreshProblem == nil ? 0 : 1), 1) }

    /// The rows of a feed's items: the list's, less the feed's heading.
    var feedItemsHeight: Int { max(listHeight - 1, 1) }

    /// The effects of showing 订阅: its first load, and the open feed's items when their load
    /// was cancelled by leaving.
    mutating func enterSubscriptions() -> [ReaderEffect] {
        var effects: [ReaderEffect] = []
        if subscriptionsPage.phase == .idle { effects += loadFeeds() }
        if let open = subscriptionsPage.openFeed, open.phase == .idle { effects += loadItems(open.feedID) }
        return effects
    }

    /// The effects of leaving 订阅: its loads and its refresh are cancelled (a late answer then
    /// finds no one), and loads start again on coming back. Marking read is not cancelled: the
    /// store does it in one transaction, and its answer keeps the counts true.
    mutating func leaveSubscriptions() -> [ReaderEffect] {
        var effects: [ReaderEffect] = []
        if let id = subscriptionsPage.loadingRequest {
            effects.append(.cancel(id))
            subscriptionsPage.phase = subscriptionsPage.feeds.isEmpty ? .idle : .loaded
        }
        if var open = subscriptionsPage.openFeed, let id = open.loadingRequest {
            effects.append(.cancel(id))
            open.phase = open.items.isEmpty ? .idle : .loaded
            subscriptionsPage.openFeed = open
        }
        if let id = subscriptionsPage.refreshing {
            effects.append(.cancel(id))
            subscriptionsPage.refreshing = nil
            subscriptionsPage.progress = nil
        }
        return effects
    }

    /// Keeps the selections inside the rows shown after a resize.
    mutating func fitSubscriptions() {
        let (feedHeight, itemsHeight) = (feedListHeight, feedItemsHeight)
        subscriptionsPage.keepVisible(height: feedHeight)
        subscriptionsPage.openFeed?.keepVisible(height: itemsHeight)
    }

    // MARK: Keys

    /// The keys 订阅 takes; nil for those left to the tab bar (switching tabs, `q` on the feed
    /// list) and to the article pager.
    mutating func handleSubscriptionsKey(_ key: Key) -> [ReaderEffect]? {
        if var pager {
            // A feed item is no cnblogs article: it has no comments here, stays in 订阅 (no save or
            // page of its own), and has no cnblogs list to move along.
            switch key {
            case .character("c"):
                notice = "A feed item has no comments in the reader; o opens its page."
                return []
            case .character("s"), .character("w"):
                notice = "A feed item stays in 订阅; s and w are for cnblogs articles."
                return []
            case .character("n"), .character("p"):
                notice = "n and p move along cnblogs lists; q goes back to the feed's items."
                return []
            default:
                break
            }
            // The pager's own `r` would load a cnblogs article: a feed item is opened again instead.
            guard key == .character("r"), case .failed = pager.phase, let item = subscriptionsPage.openedItem else {
                return nil
            }
            let id = makeRequest()
            pager.phase = .loading(id)
            self.pager = pager
            return [.subscriptions(.openItem(item, id))]
        }
        if subscriptionsPage.openFeed != nil { return handleOpenFeedKey(key) }
        return handleFeedListKey(key)
    }

    private mutating func handleFeedListKey(_ key: Key) -> [ReaderEffect]? {
        let height = feedListHeight
        let page = subscriptionsPage
        switch key {
        case .enter:
            guard let feed = page.selectedFeed else { return [] }
            subscriptionsPage.openFeed = SubscriptionsPage.OpenFeed(feedID: feed.id)
            return loadItems(feed.id)
        case .character("a"):
            guard let feed = page.selectedFeed else { return [] }
            return markAllRead(feed.id)
        case .character("r"):
            // With nothing to refresh (no feeds, or the list failed), `r` loads the list again.
            if case .failed = page.phase { return loadFeeds() }
            if page.feeds.isEmpty { return loadFeeds() }
            return refreshFeeds()
        default:
            guard
                let target = ListKeys.target(
                    of: key, selected: page.selected, count: page.feeds.count, height: height)
            else { return nil }
            subscriptionsPage.select(target, height: height)
        }
        return []
    }

    private mutating func handleOpenFeedKey(_ key: Key) -> [ReaderEffect]? {
        guard var open = subscriptionsPage.openFeed else { return nil }
        let height = feedItemsHeight
        switch key {
        case .character("q"), .escape, .backspace:
            subscriptionsPage.openFeed = nil
            return open.loadingRequest.map { [.cancel($0)] } ?? []
        case .enter:
            guard open.items.indices.contains(open.selected) else { return [] }
            let item = open.items[open.selected]
            let id = makeRequest()
            let feedTitle = subscriptionsPage.feed(item.feedID)?.title ?? ""
            let byline = [feedTitle, item.author ?? ""].filter { !$0.isEmpty }.joined(separator: " · ")
            let entry = ReaderEntry(
                kind: .post, id: 0, title: item.title.isEmpty ? "(untitled)" : item.title, byline: byline,
                published: item.date, link: item.link)
            pager = ArticlePager(entry: entry, phase: .loading(id))
            subscriptionsPage.openedItem = item
            return [.subscriptions(.openItem(item, id))]
        case .character("a"):
            return markAllRead(open.feedID)
        case .character("r"):
            if case .failed = open.phase { return loadItems(open.feedID) }
            return refreshFeeds()
        default:
            guard
                let target = ListKeys.target(of: key, selected: open.selected, count: open.items.count, height: height)
            else { return nil }
            open.select(target, height: height)
        }
        subscriptionsPage.openFeed = open
        return []
    }

    // MARK: Answers

    /// Applies the answer to one of 订阅's requests; an answer no request waits for any more
    /// (its screen went, or a newer request replaced it) is dropped.
    mutating func handleSubscriptions(_ event: SubscriptionsEvent) -> [ReaderEffect] {
        switch event {
        case .feedsLoaded(let id, let result):
            guard subscriptionsPage.loadingRequest == id else { return [] }
            switch result {
            case .success(let feeds):
                subscriptionsPage.phase = .loaded
                let height = feedListHeight
                subscriptionsPage.setFeeds(feeds, height: height)
            case .failure(let failure):
                subscriptionsPage.phase = .failed(failure.message)
            }
        case .itemsLoaded(let id, let result):
            guard var open = subscriptionsPage.openFeed, open.loadingRequest == id else { return [] }
            switch result {
            case .success(let items):
                open.items = items
                open.phase = .loaded
                open.select(open.selected, height: feedItemsHeight)
                // The items are newer than the list's counts.
                subscriptionsPage.update(open.feedID) { feed in
                    feed.itemCount = items.count
                    feed.unreadCount = items.count { !$0.isRead }
                }
            case .failure(let failure):
                open.phase = .failed(failure.message)
            }
            subscriptionsPage.openFeed = open
        case .itemOpened(let id, let result):
            guard var pager, pager.loadingRequest == id else { return [] }
            switch result {
            case .success(let article):
                pager.phase = .loaded(article)
                pager.wrap(width: size.columns)
                markOpenedItemRead()
            case .failure(let failure):
                pager.phase = .failed(failure.message)
            }
            self.pager = pager
        case .markedRead(let id, let result):
            guard let feedID = subscriptionsPage.marking.removeValue(forKey: id) else { return [] }
            switch result {
            case .success(let count):
                subscriptionsPage.update(feedID) { $0.unreadCount = 0 }
                if var open = subscriptionsPage.openFeed, open.feedID == feedID {
                    for index in open.items.indices { open.items[index].isRead = true }
                    subscriptionsPage.openFeed = open
                }
                let title = subscriptionsPage.feed(feedID)?.title ?? feedID
                notice = "Marked \(count) read in “\(TextWidth.truncated(title, toColumns: 30))”."
            case .failure(let failure):
                notice = "Could not mark them read: \(failure.message)"
            }
        case .refreshProgress(let id, let progress):
            guard subscriptionsPage.refreshing == id else { return [] }
            subscriptionsPage.progress = progress
        case .refreshed(let id, let result):
            guard subscriptionsPage.refreshing == id else { return [] }
            subscriptionsPage.refreshing = nil
            subscriptionsPage.progress = nil
            switch result {
            case .success(let refresh):
                let count = refresh.failures.count
                subscriptionsPage.refreshProblem =
                    count == 0
                    ? nil
                    : "\(count == 1 ? "1 feed" : "\(count) feeds") failed (r retries): "
                        + refresh.failures.joined(separator: "; ")
                subscriptionsPage.phase = .loaded
                let height = feedListHeight
                subscriptionsPage.setFeeds(refresh.feeds, height: height)
                notice = refresh.summary
                // The open feed's items may have changed too.
                if let open = subscriptionsPage.openFeed, subscriptionsPage.feed(open.feedID) != nil {
                    return loadItems(open.feedID)
                }
            case .failure(let failure):
                subscriptionsPage.refreshProblem = "Could not refresh (r retries): \(failure.message)"
                fitSubscriptions()
            }
        }
        return []
    }

    /// The item just read is read: in its feed's items and in the feed's count.
    private mutating func markOpenedItemRead() {
        guard var item = subscriptionsPage.openedItem, !item.isRead else { return }
        item.isRead = true
        subscriptionsPage.openedItem = item
        if var open = subscriptionsPage.openFeed, let index = open.items.firstIndex(where: { $0.id == item.id }) {
            open.items[index].isRead = true
            subscriptionsPage.openFeed = open
        }
        subscriptionsPage.update(item.feedID) { $0.unreadCount = max($0.unreadCount - 1, 0) }
    }

    // MARK: Requests

    private mutating func loadFeeds() -> [ReaderEffect] {
        let cancel = subscriptionsPage.loadingRequest.map { [ReaderEffect.cancel($0)] } ?? []
        let id = makeRequest()
        subscriptionsPage.phase = .loading(id)
        return cancel + [.subscriptions(.loadFeeds(id))]
    }

    private mutating func loadItems(_ feedID: String) -> [ReaderEffect] {
        guard var open = subscriptionsPage.openFeed else { return [] }
        let cancel = open.loadingRequest.map { [ReaderEffect.cancel($0)] } ?? []
        let id = makeRequest()
        open.phase = .loading(id)
        subscriptionsPage.openFeed = open
        return cancel + [.subscriptions(.loadItems(feedID: feedID, id))]
    }

    private mutating func markAllRead(_ feedID: String) -> [ReaderEffect] {
        let id = makeRequest()
        subscriptionsPage.marking[id] = feedID
        return [.subscriptions(.markAllRead(feedID: feedID, id))]
    }

    /// A refresh of every feed, unless one is running already.
    private mutating func refreshFeeds() -> [ReaderEffect] {
        guard subscriptionsPage.refreshing == nil else { return [] }
        let id = makeRequest()
        subscriptionsPage.refreshing = id
        subscriptionsPage.progress = nil
        return [.subscriptions(.refresh(id))]
    }
}
