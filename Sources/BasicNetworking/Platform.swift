// Linux and Apple differences of BasicNetworking, in one place (STYLE.md 17).

import Foundation
import Synchronization

// On Linux, URLSession, URLRequest, HTTPURLResponse and URLProtocol live in
// FoundationNetworking, not Foundation. Re-exporting it here makes them visible to every file
// of this module and to its clients, as they are on Apple platforms through Foundation.
#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif

enum Platform {
    /// A session `URLSessionTransport` makes for itself, with no delegate, so that URLSession puts
    /// nothing on its delegate queue but completion handlers; and what to call before anyone
    /// else may have the session.
    ///
    /// Linux: the delegate queue runs each completion handler at once, on the thread that gives
    /// it, which is URLSession's work queue. FoundationNetworking's own `data(for:)` calls its
    /// completion handler there too (an internal flag, `_callCompletionHandlerInline`), while a
    /// completion handler of ours would go through an `OperationQueue` and wake another thread
    /// first: 3–7% of a sequential request on loopback (`bsl-bench network`, 2026-12-01). Safe
    /// for the transports' handlers (``SessionExchange``'s), which take only locks never held
    /// while waiting for URLSession, and resume a continuation; a handler that created or
    /// resumed a task of the session there would stop the process (`dispatch_sync` onto the
    /// queue it runs on), so once the session is handed out (`handOut`), handlers go through an
    /// ordinary serial queue again. Apple: URLSession's own delegate queue; `handOut` does nothing.
    static func ownSession(_ configuration: URLSessionConfiguration) -> (
        session: URLSession, handOut: @Sendable () -> Void
    ) {
        #if canImport(FoundationNetworking)
            let queue = InlineOperationQueue()
            return (URLSession(configuration: configuration, delegate: nil, delegateQueue: queue), queue.handOut)
        #else
            return (URLSession(configuration: configuration), {})
        #endif
    }

    /// The session a request with a body goes through instead of `session`, one of a
    /// transport's own: nil to use `session`.
    ///
    /// Linux: a session made for the request alone, on a connection of its own. When libcurl
    /// sends a request on a kept-alive connection that the server has just dropped, it sends the
    /// request again on a new one, and FoundationNetworking does not rewind a body for that
    /// (for a body given as `httpBody` its rewind does nothing): the second try sends the headers
    /// and no body, and the request waits for its timeout. A request with no body is sent again
    /// whole, so only those with one pay for a connection of their own (a session costs a
    /// libcurl multi handle; POSTs are few: a token exchange, a login). A session you gave the
    /// transport is never replaced, since its delegate may do what a new session would not.
    /// Apple: nil; URLSession rewinds bodies itself.
    ///
    /// `inline`: its completion handlers run on URLSession's work queue, as those of the
    /// transport's own session do (``ownSession(_:)``); otherwise on a serial queue of its own.
    static func session(
        sending request: URLRequest, apartFrom session: URLSession, inline: Bool = true
    ) -> URLSession? {
        #if canImport(FoundationNetworking)
            guard request.httpBody != nil || request.httpBodyStream != nil else { return nil }
            return URLSession(
                configuration: session.configuration, delegate: nil,
                delegateQueue: inline ? InlineOperationQueue() : nil)
        #else
            return nil
        #endif
    }

    /// What URLSession says happened beyond the error's code, as one line, or nil when it says
    /// nothing more.
    static func detail(of error: URLError) -> String? {
        #if canImport(FoundationNetworking)
            // Linux: FoundationNetworking puts libcurl's own message in the description
            // ("transfer closed with 900 bytes remaining to read").
            let text = (error as NSError).userInfo[NSLocalizedDescriptionKey] as? String
            let line = text?.split(whereSeparator: \.isNewline).joined(separator: " ")
            return line?.isEmpty == false ? line : nil
        #else
            // Apple: URLSession's description is a localized sentence that says no more than the
            // code, which the caller already puts in words (`URLError` and its codes: macOS 10.10,
            // iOS 8, tvOS 9, watchOS 2, per Apple's documentation).
            return nil
        #endif
    }
}

#if canImport(FoundationNetworking)
    /// A serial `OperationQueue` that runs every operation and block at once, on the caller's
    /// thread, until it is handed out (see ``Platform/ownSession(_:)``).
    final class InlineOperationQueue: OperationQueue, @unchecked Sendable {
        // @unchecked: its own state is one atomic flag; OperationQueue's is behind its own lock.
        private let handedOut = Atomic<Bool>(false)

        override init() {
            super.init()
            maxConcurrentOperationCount = 1
        }

        /// From now on, operations go through the queue, one at a time on a thread of its own.
        @Sendable func handOut() {
            handedOut.store(true, ordering: .releasing)
        }

        /// Whether operations still run at once.
        var isInline: Bool { !handedOut.load(ordering: .acquiring) }

        override func addOperation(_ block: @escaping @Sendable () -> Void) {
            if isInline { block() } else { super.addOperation(block) }
        }

        override func addOperation(_ operation: Operation) {
            if isInline { operation.start() } else { super.addOperation(operation) }
        }

        override func addOperations(_ operations: [Operation], waitUntilFinished wait: Bool) {
            guard isInline else { return super.addOperations(operations, waitUntilFinished: wait) }
            for operation in operations { operation.start() }
        }
    }
#endif
