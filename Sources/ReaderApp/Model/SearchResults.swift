/// The hits of the token API's search for what `/` found in a list (when a token is stored): a
/// screen over the list until `q`, its entries opened in the pager like a list's.
struct SearchResults: Hashable, Sendable {
    enum Phase: Hashable, Sendable {
        case loading(RequestID)
        case loaded
        case failed(String)
    }

    /// What was searched.
    var query: String
    var phase: Phase
    /// The hits as a list (selection and scrolling as any list's).
    var list = ReaderList()

    /// The request it waits for.
    // Not inlined, as the other panes' (ARCHITECTURE.md: the optimiser of Swift 6.3.1).
    @inline(never) var loadingRequest: RequestID? {
        if case .loading(let id) = phase { return id }
        return nil
    }
}
