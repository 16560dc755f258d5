import BasicNetworking
import BasicStore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Subscriptions {
    /// Subscriptions in `store` that send no request and make no `URLSession`: for what only
    /// reads the store or changes read state (listing, items, opening and marking items, search,
    /// export), as the reader's 订阅 tab uses them.
    ///
    /// ```swift
    /// let subscriptions = Subscriptions(offline: store)
    /// for feed in try subscriptions.subscriptions() { print(feed.title, feed.unreadCount) }
    /// ```
    ///
    /// Adding by URL and refreshing send nothing either: each feed a refresh asks for fails with
    /// ``FeedsError/network(_:)``, and is recorded as failed like any other failure.
    public convenience init(offline store: KeyValueStore, configuration: Configuration = .init()) {
        self.init(store: store, configuration: configuration, transport: OfflineTransport())
    }
}

/// The transport of subscriptions opened ``Subscriptions/init(offline:configuration:)``: every
/// request fails at once, and nothing is sent.
struct OfflineTransport: Transport {
    func send(_ request: URLRequest) async throws(NetworkError) -> Response {
        throw .invalidRequest(
            url: request.url?.absoluteString ?? "", reason: "these subscriptions were opened to send no request")
    }
}
