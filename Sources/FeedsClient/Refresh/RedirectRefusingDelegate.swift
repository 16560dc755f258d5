import BasicNetworking
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A session delegate that declines every redirect, so that the 301, 302, 307 or 308 itself is
/// the response: the feeds client follows redirects itself, to tell permanent ones (which move a
/// subscription) from temporary ones (which do not). URLSession otherwise follows them unseen.
final class RedirectRefusingDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    // It holds no state: nothing to protect.

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    /// A transport whose session declines redirects, with `perHost` connections to a host.
    static func transport(perHost: Int, timeout: Duration) -> (URLSessionTransport, URLSession) {
        let configuration = URLSessionTransport.Configuration(maximumConnectionsPerHost: perHost, timeout: timeout)
        let session = URLSession(
            configuration: configuration.sessionConfiguration(), delegate: RedirectRefusingDelegate(),
            delegateQueue: nil)
        return (URLSessionTransport(session: session), session)
    }
}
