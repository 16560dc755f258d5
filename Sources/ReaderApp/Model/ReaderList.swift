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

    /// The request it waits for.
    var loadingRequest: RequestID? {
        if case .loading(let id) = phase { return id }
        return nil
    }

    /// Moves the selection by `delta` (clamped), keeping it inside the `height` rows shown.
    mutating func move(by delta: Int, height: Int) {
        select(selected + delta, height: height)
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
