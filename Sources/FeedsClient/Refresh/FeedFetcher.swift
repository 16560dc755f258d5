import BasicNetworking
import Foundation

/// One conditional GET of a feed through the pool: `If-None-Match` and `If-Modified-Since` from
/// the last answer, redirects followed here (so that permanent ones can move the subscription),
/// at most so many requests per host and in all.
struct FeedFetcher: Sendable {
    /// What a fetch ended with.
    enum Outcome: Sendable {
        /// A new copy (2xx).
        case fetched(Response)
        /// 304 Not Modified: the copy the library has is current.
        case notModified(Response)
        /// The server answered an error status (4xx, 5xx, or a 3xx without a usable `Location`).
        case status(Response)
    }

    /// A fetch's outcome and where it ended up.
    struct Result: Sendable {
        var outcome: Outcome
        /// The address the answer came from.
        var finalURL: URL
        /// The address reached through the permanent redirects (301, 308) at the start of the
        /// chain, when there were any: the subscription's new address.
        var permanentURL: URL?
    }

    let pool: RequestPool
    let limiter: HostLimiter
    let configuration: Subscriptions.Configuration

    /// The statuses that redirect.
    static let redirects: Set<Int> = [301, 302, 303, 307, 308]

    /// Fetches `url`, following redirects.
    ///
    /// - Throws: ``FeedsError/network(_:)`` when no answer arrives, ``FeedsError/badRedirect(url:reason:)``
    ///   for a redirect loop, too many redirects or one to another scheme,
    ///   ``FeedsError/feedTooLarge(url:bytes:limit:)``.
    func fetch(_ url: URL, etag: String?, lastModified: String?) async throws(FeedsError) -> Result {
        var current = url
        var permanentURL: URL?
        var isPermanentSoFar = true
        var visited: Set<String> = [url.absoluteString]
        for _ in 0...configuration.maximumRedirects {
            let response = try await send(current, etag: etag, lastModified: lastModified)
            guard Self.redirects.contains(response.status), let location = response.header("Location") else {
                guard response.body.count <= configuration.maximumFeedBytes else {
                    throw .feedTooLarge(
                        url: current.absoluteString, bytes: response.body.count, limit: configuration.maximumFeedBytes)
                }
                let outcome: Outcome =
                    switch response.status {
                    case 304: .notModified(response)
                    case 200...299: .fetched(response)
                    default: .status(response)
                    }
                return Result(outcome: outcome, finalURL: current, permanentURL: permanentURL)
            }
            guard
                let next = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: current)?.absoluteURL,
                let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https", next.host != nil
            else {
                throw .badRedirect(
                    url: current.absoluteString, reason: "it redirects to '\(location)', which is not an http(s) URL")
            }
            guard visited.insert(next.absoluteString).inserted else {
                throw .badRedirect(url: url.absoluteString, reason: "the redirects go in a circle through \(next)")
            }
            if isPermanentSoFar && (response.status == 301 || response.status == 308) {
                permanentURL = next
            } else {
                isPermanentSoFar = false
            }
            current = next
        }
        throw .badRedirect(
            url: url.absoluteString, reason: "more than \(configuration.maximumRedirects) redirects in a row")
    }

    /// One request: GET with the conditional headers, every status answered.
    private func send(_ url: URL, etag: String?, lastModified: String?) async throws(FeedsError) -> Response {
        var headers = [
            "Accept": "application/atom+xml, application/rss+xml, application/rdf+xml;q=0.9, application/xml;q=0.8, "
                + "text/xml;q=0.8, text/html;q=0.5, */*;q=0.1",
            "User-Agent": configuration.userAgent,
        ]
        if let etag { headers["If-None-Match"] = etag }
        if let lastModified { headers["If-Modified-Since"] = lastModified }
        var endpoint = Endpoint(url: url, headers: headers)
        endpoint.timeout = configuration.timeout
        let request = Request(endpoint, policy: .coalesce, rule: .anyStatus)
        let pool = pool
        let result: Swift.Result<Response, NetworkError> = await limiter.run(host: url.host?.lowercased() ?? "") {
            do throws(NetworkError) {
                return .success(try await pool.send(request))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let response): return response
        case .failure(let error): throw .network(error)
        }
    }
}
