import Dispatch
import Synchronization
import Foundation
import Testing

@testable import BasicNetworking

@Suite struct FlightTests {
    /// Enough rounds to hit the race: before the fix, the first few rounds did.
    static let rounds = 2_000

    /// A caller joining a `.coalesce` flight at the moment its last caller leaves must either
    /// keep the call going or be refused (so that the pool starts a new call); it must never be
    /// handed the cancellation meant for the caller that left.
    @Test("a caller reserving while the last caller leaves is never cancelled in its place")
    func reserveWhileLastCallerLeaves() async throws {
        let url = "http://127.0.0.1/shared"
        let answer = Response(url: try #require(URL(string: url)), status: 200)
        var joined = 0
        var refused = 0
        for round in 0..<Self.rounds {
            // Between rounds, give the thread back: the other suites run on the same few threads.
            await Task.yield()
            // Given a flight whose only caller is about to leave
            let flight = Flight(
                id: UInt64(round), identity: RequestIdentity(method: .get, url: url, parameters: ""), url: url)
            _ = flight.reserve(1, owner: nil)
            let reserved = Atomic<Bool>(false)
            // When it leaves on one thread while another caller reserves on another
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 {
                    flight.leave(1)
                } else {
                    reserved.store(flight.reserve(2, owner: nil), ordering: .relaxed)
                }
            }
            // Then a caller that got in is still served by the call
            guard reserved.load(ordering: .relaxed) else {
                refused += 1
                continue
            }
            joined += 1
            flight.finish(.success(answer))
            let outcome = await flight.wait(2)
            guard case .success = outcome else {
                Issue.record("round \(round): the joining caller got \(outcome) though it never left")
                return
            }
        }
        #expect(joined + refused == Self.rounds)
    }
}
