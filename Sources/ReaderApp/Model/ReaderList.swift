import CnblogsClient

/// A tab's list: its entries, whether it is loading or failed, the selected entry and the first
/// one shown.
struct ReaderList: Hashable, Sendable {
    enum Phase: Hashable, Sendable {
        /// Never loaded, or its loading was cancelled.
        case idle
        /// Waiting for this request.
        case loading(RequestID)
        /// Loaded.
        case loaded
        /// The last load failed with this message.
        case failed(String)
    }

    var phase = Phase.idle
    var entries: [ReaderEntry] = []
    var selected = 0
    var top = 0
    /// The last page loaded (1 after the first load).
    var page = 1
    /// The request for the next page, while it runs.
    var moreRequest: RequestID?
    /// Why the next page could not be loaded, until the next try.
    var moreFailure: String?
    /// Whether the last page added nothing new: there is no more to load.
    var isComplete = false

    /// The request it waits for.
    var loadingRequest: RequestID? {
        if case .loading(let id) = phase { return id }
        return nil
    }

    /// Adds a later page's entries, leaving out those already listed (a list that moved on
    /// between two pages repeats some); a page that adds nothing ends the list.
    mutating func append(_ more: [ReaderEntry]) {
        let known = Set(entries.map { EntryKey(kind: $0.kind, id: $0.id) })
        let new = more.filter { !known.contains(EntryKey(kind: $0.kind, id: $0.id)) }
        entries += new
        page += 1
        isComplete = new.isEmpty
    }

    /// What tells two entries apart.
    private struct EntryKey: Hashable {
        var kind: Article.Kind
        var id: Int
    }

    /// Selects `index` (clamped), keeping it inside the `height` rows shown.
    mutating func select(_ index: Int, height: Int) {
        guard !entries.isEmpty else {
            selected = 0
            top = 0
            return
        }
        selected = min(max(index, 0), entries.count - 1)
        keepVisible(height: height)
    }

    /// Scrolls so that the selection is one of the `height` rows shown.
    mutating func keepVisible(height: Int) {
        let height = max(height, 1)
        if selected < top { top = selected }
        if selected >= top + height { top = selected - height + 1 }
        top = max(0, min(top, max(entries.count - height, 0)))
    }
}
