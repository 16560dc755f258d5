import Foundation
import Synchronization

/// The `URLProtocol` through which ``RecordingTransport`` answers requests inside URLSession's
/// own machinery. (``ReplayTransport`` answers from the cassette without URLSession.)
///
/// URLSession makes the protocol objects itself, so a transport hands each request's context
/// over through ``CassetteExchanges``, keyed by a token in a private header.
final class CassetteURLProtocol: URLProtocol {
    /// The network task of a recording, and whether URLSession has stopped the load (then
    /// nothing is recorded and the client is not called). URLSession calls startLoading and
    /// stopLoading on its own threads, so a lock guards them.
    private let loading = Mutex(Loading())

    private struct Loading {
        var task: URLSessionDataTask?
        var isStopped = false
    }

    /// Whether ``stopLoading()`` has run.
    private var isStopped: Bool { loading.withLock { $0.isStopped } }

    /// Calls the client through `body` unless the load was stopped, holding the lock so that
    /// ``stopLoading()`` cannot run in the middle: a cancelled task leaves URLSession's task
    /// registry, and a client call after that traps in FoundationNetworking on Linux
    /// ("Trying to access a behaviour for a task that in not in the registry").
    ///
    /// Holding the lock across the calls is safe because FoundationNetworking's client methods
    /// only record the response and queue work asynchronously, and URLSession calls
    /// `stopLoading` from its own queue, never from inside a client call. (One path would wait
    /// on that queue synchronously: a 401 with `WWW-Authenticate` while a credential is stored,
    /// which suspends the task. Recordings are made for tests and demos, where none is.)
    private func deliver(_ body: (_ client: (any URLProtocolClient)?) -> Void) {
        loading.withLock { loading in
            guard !loading.isStopped else { return }
            body(client)
        }
    }

    /// The header that carries the token of a request's context.
    static let tokenHeader = "X-BasicNetworking-Exchange"

    override class func canInit(with request: URLRequest) -> Bool {
        request.value(forHTTPHeaderField: tokenHeader) != nil
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override func startLoading() {
        // URLSession calls this on its work queue, which every session's queue targets: creating
        // a task or calling the client from here would wait on that queue and deadlock. Work on
        // another queue instead.
        let this = Unchecked(value: self)
        DispatchQueue.global().async { this.value.load() }
    }

    private func load() {
        // stopLoading may run before this dispatched load does: then the request is over.
        guard !isStopped else { return }
        guard let token = request.value(forHTTPHeaderField: Self.tokenHeader),
            let context = CassetteExchanges.context(for: token)
        else {
            deliver { $0?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL)) }
            return
        }
        record(context)
    }

    override func stopLoading() {
        let task = loading.withLock { loading in
            loading.isStopped = true
            return loading.task
        }
        // URLSession calls this on its work queue, and cancelling a task waits for that queue
        // (every session's queue targets one): cancelling here would wait for itself, and
        // every request of the process would hang. Cancel from another queue.
        if let task { SessionExchange.cancelQueue.async { task.cancel() } }
    }

    private func record(_ context: CassetteExchanges.Context) {
        let (original, cassette, timeout) = (context.request, context.cassette, context.timeout)
        let this = Unchecked(value: self)
        // A body's request on a connection of its own (``Platform/session(sending:apartFrom:inline:)``),
        // whose completion handler, which writes the cassette, runs off URLSession's work queue.
        let apart = Platform.session(sending: original, apartFrom: context.network, inline: false)
        let task = (apart ?? context.network).dataTask(with: original) { data, response, error in
            let `self` = this.value
            // Stopped while the network answered: record nothing, tell no one.
            guard !self.isStopped else { return }
            if let error {
                context.fail(with: NetworkError(error, request: original, timeout: timeout))
                self.deliver { $0?.urlProtocol(self, didFailWithError: error) }
                return
            }
            guard let http = response as? HTTPURLResponse else {
                self.deliver { $0?.urlProtocol(self, didFailWithError: URLError(.badServerResponse)) }
                return
            }
            let body = data ?? Data()
            let received = Response(http, body: body, requestURL: original.url ?? URL(fileURLWithPath: "/"))
            do throws(NetworkError) {
                try cassette.record(
                    method: original.httpMethod ?? "GET", url: original.url?.absoluteString ?? "",
                    requestHeaders: original.allHTTPHeaderFields ?? [:], requestBody: original.httpBody ?? Data(),
                    status: http.statusCode, responseHeaders: received.headers, responseBody: body)
            } catch {
                context.fail(with: error)
                self.deliver { $0?.urlProtocol(self, didFailWithError: URLError(.cannotWriteToFile)) }
                return
            }
            self.deliver { client in
                client?.urlProtocol(self, didReceive: http, cacheStoragePolicy: .notAllowed)
                client?.urlProtocol(self, didLoad: body)
                client?.urlProtocolDidFinishLoading(self)
            }
        }
        apart?.finishTasksAndInvalidate()
        let isStopped = loading.withLock { loading in
            loading.task = task
            return loading.isStopped
        }
        guard !isStopped else { return }
        task.resume()
    }

    /// Carries the protocol object into URLSession's completion handler.
    private struct Unchecked: @unchecked Sendable {
        // URLProtocol is not Sendable, but its client may be called from any thread, and the
        // handler only passes the object back to its client.
        let value: CassetteURLProtocol
    }
}
