@testable import BasicNetworking
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The session a transport makes for itself: on Linux its completion handlers run where
/// URLSession ends the task, until the session is handed out.
@Suite struct OwnSessionTests {
    #if canImport(FoundationNetworking)
        /// Where a block ran, and whether it ran before `addOperation` returned.
        final class Runs: Sendable {
            private let state = Mutex<(thread: pthread_t?, returned: Bool, ranBeforeReturn: Bool?)>(
                (nil, false, nil))
            let done = DispatchSemaphore(value: 0)

            func ran() {
                state.withLock {
                    $0.thread = pthread_self(); $0.ranBeforeReturn = !$0.returned
                }
                done.signal()
            }

            func returned() { state.withLock { $0.returned = true } }
            var thread: pthread_t? { state.withLock { $0.thread } }
            var ranBeforeReturn: Bool? { state.withLock { $0.ranBeforeReturn } }
        }

        @Test("the inline queue runs a block at once on the caller's thread, and after handOut on a thread of its own")
        func inlineQueue() throws {
            let queue = InlineOperationQueue()
            let caller = pthread_self()

            let inline = Runs()
            queue.addOperation { inline.ran() }
            inline.returned()
            #expect(inline.ranBeforeReturn == true)
            #expect(pthread_equal(try #require(inline.thread), caller) != 0)

            let operation = Runs()
            queue.addOperation(BlockOperation { operation.ran() })
            operation.returned()
            #expect(operation.ranBeforeReturn == true)

            queue.handOut()
            let queued = Runs()
            queue.addOperation { queued.ran() }
            queued.returned()
            #expect(queued.done.wait(timeout: .now() + 30) == .success)
            #expect(pthread_equal(try #require(queued.thread), caller) == 0)
            #expect(queue.maxConcurrentOperationCount == 1)
        }
    #endif

    @Test("a completion handler of yours on the transport's session may start the next task of the session")
    func chainedCompletionHandlers() async throws {
        let transport = URLSessionTransport()
        let base = try await Net.base()
        // Read before any task of ours: from here on, handlers run on an ordinary delegate queue
        // (on URLSession's work queue, creating the second task would stop the process).
        let session = transport.session
        let counts: (Int, Int) = await withCheckedContinuation { continuation in
            session.dataTask(with: base.appending(path: "bytes/10")) { first, _, _ in
                session.dataTask(with: base.appending(path: "bytes/20")) { second, _, _ in
                    continuation.resume(returning: (first?.count ?? -1, second?.count ?? -1))
                }.resume()
            }.resume()
        }
        #expect(counts.0 == 10)
        #expect(counts.1 == 20)
        let response = try await transport.send(URLRequest(url: base.appending(path: "bytes/5")))
        #expect(response.body.count == 5)
    }
}
