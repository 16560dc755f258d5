import BasicCore
import BasicNetworking
import Foundation
import Synchronization
import TestSupport
import Testing

@Suite struct URLSessionTransportTests {
    /// What the sends of a test ended with, by ``NetworkError`` case (or "success").
    final class Outcomes: Sendable {
        private let names = Mutex<[String]>([])
        func add(_ name: String) { names.withLock { $0.append(name) } }
        var all: [String] { names.withLock { $0 } }
    }

    /// swift-corelibs-foundation #5412: `URLSession.data(for:)` cancels its `URLSessionTask`
    /// inside the Swift task's cancellation handler, which holds the task's status lock, while
    /// URLSession's work queue, ending the same task (here: connection refused), waits for that
    /// lock to resume it. Before the fix some of these sends never ended.
    ///
    /// The sends run on threads of their own and each is cancelled from a thread of its own, so
    /// that a deadlock blocks only those threads, never Swift's cooperative pool (two threads on
    /// this machine, which a deadlock once blocked both of): the test then fails by its count
    /// instead of hanging the test process.
    @Test(
        "sends cancelled while URLSession ends them all end, as cancelled or refused (corelibs #5412)",
        .timeLimit(.minutes(2)))
    func cancelWhileEnding() async throws {
        for round in 0..<Self.rounds {
            let transport = URLSessionTransport()
            let outcomes = Outcomes()
            for index in 0..<Self.sendsPerRound {
                let request = URLRequest(url: RefusingPort.shared.url("/body/\(round)-\(index)"))
                let task = Task(executorPreference: ThreadPerJobExecutor.shared) {
                    do throws(NetworkError) {
                        _ = try await transport.send(request)
                        outcomes.add("success")
                    } catch {
                        outcomes.add(error.caseName)
                    }
                }
                // Spread the cancels over the first 200 µs, when the refusal arrives.
                let delay = useconds_t(index % 100 * 2)
                Thread {
                    usleep(delay)
                    task.cancel()
                }.start()
            }
            let ended = try await eventually(timeout: 30) { outcomes.all.count == Self.sendsPerRound }
            #expect(ended, "round \(round): \(Self.sendsPerRound - outcomes.all.count) sends never ended")
            #expect(outcomes.all.allSatisfy { $0 == "cancelled" || $0 == "transport" }, "\(Set(outcomes.all))")
            if !ended { return }
        }
    }

    /// Enough to deadlock before the fix: one round in three did, on two cores.
    static let rounds = 6
    static let sendsPerRound = 500
}

/// Runs every job on a new thread, outside Swift's cooperative pool.
final class ThreadPerJobExecutor: TaskExecutor {
    static let shared = ThreadPerJobExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread { job.runSynchronously(on: executor) }.start()
    }
}
