import BasicCore
import BasicNetworking
import Foundation
import Synchronization
import TestSupport
import Testing

@Suite struct RequestChainTests {
    static let rule = ResponseRule.successCode(at: "code", equals: 0, message: "msg")

    static func login(_ base: URL, user: String = "alice") -> Request {
        Request(
            Endpoint(
                base: base, path: "login", method: .post, parameters: ["user": .string(user), "password": "secret"]),
            rule: rule)
    }

    static func ticket(_ base: URL) -> Request {
        Request(Endpoint(base: base, path: "ticket"), rule: rule)
    }

    /// Sets step 1's token from step 0's response, as BasicServicesLib's example does.
    static let passToken: RequestChain.Prepare = { request, index, responses in
        if index == 1 {
            let token = try responses[0].json.value(at: "data.token")
            request.endpoint.parameters["token"] = token
        }
    }

    @Test("step 1 is built from step 0's response: login, then ticket")
    func loginThenTicket() async throws {
        let base = try await Net.base()
        let chain = RequestChain(
            pool: RequestPool(), steps: [Self.login(base), Self.ticket(base)], prepare: Self.passToken)
        let responses = try await chain.run()
        #expect(responses.count == 2)
        #expect(try responses[1].json.string(at: "data.ticket") == "TK-alice")
        #expect(responses[1].url.query?.contains("token=tok-alice") == true)
    }

    @Test("a failure at step 1 reports index 1, and step 2 never runs")
    func stopsAtFirstFailure() async throws {
        let base = try await Net.base()
        let name = Net.unique("step2")
        let third = Request(Endpoint(base: base, path: "count/\(name)"))
        // No token is passed on: the ticket endpoint answers {"code":401,"msg":"token expired"}.
        let chain = RequestChain(pool: RequestPool(), steps: [Self.login(base), Self.ticket(base), third])
        let delegate = RecordingDelegate()
        chain.delegate = delegate
        let error = await Net.error { try await chain.run() }
        guard case .chainStepFailed(let index, .server(_, let code, let message)) = error else {
            Issue.record("expected chainStepFailed(1, server), got \(String(describing: error))")
            return
        }
        #expect(index == 1)
        #expect(code == 401)
        #expect(message == "token expired")
        #expect(try await Net.counter(name) == 0)
        #expect(delegate.events == ["prepare 0", "success 0", "prepare 1", "failure 1"])
    }

    @Test("the delegate prepares the parameters and hears about each step, on the main actor")
    func delegate() async throws {
        let base = try await Net.base()
        let chain = RequestChain(pool: RequestPool(), steps: [Self.login(base, user: "bob"), Self.ticket(base)])
        let screen = LoginScreen()
        chain.delegate = screen
        await chain.start().value
        let events = await screen.events
        #expect(events == ["success 0", "ticket TK-bob"])
    }

    @Test("the delegate's owner can be released mid-chain: no crash, no leak, and the chain stops")
    func delegateReleased() async throws {
        let base = try await Net.base()
        let name = Net.unique("after-release")
        let pool = RequestPool()
        var screen: Screen? = Screen(
            chain: RequestChain(
                pool: pool,
                steps: [
                    Endpoint(base: base, path: "echo", parameters: ["hold": .string(name)]),
                    Endpoint(base: base, path: "count/\(name)"),
                ]))
        weak let weakScreen = screen
        weak let weakChain = screen?.chain
        // (Objects holding a Mutex stay out of #expect: Swift Testing's reflection of them crashes.)
        guard let started = screen?.load() else { return }
        try await Net.waitForInFlight(pool, count: 1)
        // The screen goes away while step 0 is in flight.
        screen = nil
        let screenIsGone = weakScreen == nil
        #expect(screenIsGone)
        // Step 0 is answered only now, after the screen has gone.
        try await TestHTTPServer.shared().release(name)
        await started.value
        let chainIsGone = weakChain == nil
        #expect(chainIsGone)
        #expect(try await Net.counter(name) == 0)
    }

    @Test("cancelling the chain cancels the step in flight, and later steps do not run")
    func cancel() async throws {
        let base = try await Net.base()
        let name = Net.unique("after-cancel")
        let pool = RequestPool()
        let chain = RequestChain(
            pool: pool, steps: [Endpoint(base: base, path: "delay/30000"), Endpoint(base: base, path: "count/\(name)")])
        let run = Task { try await chain.run() }
        try await Net.waitForInFlight(pool, count: 1)
        chain.cancel()
        // The step would be answered after 30 s: cancelled, not answered, is the proof.
        let error = await Net.error { try await run.value }
        guard case .chainStepFailed(0, .cancelled) = error else {
            Issue.record("expected chainStepFailed(0, cancelled), got \(String(describing: error))")
            return
        }
        #expect(try await Net.counter(name) == 0)

        // Cancelling the task that runs the chain does the same.
        let again = Task { try await chain.run() }
        try await Net.waitForInFlight(pool, count: 1)
        again.cancel()
        #expect(await Net.error { try await again.value }?.isCancellation == true)
    }
}

/// A delegate that writes down what it hears.
final class RecordingDelegate: RequestChainDelegate {
    private let log = Mutex<[String]>([])

    var events: [String] { log.withLock { $0 } }

    func requestChain(
        _ chain: RequestChain, prepareParametersFor request: Request, atIndex index: Int, previousResponses: [Response]
    ) async throws -> Request {
        log.withLock { $0.append("prepare \(index)") }
        return request
    }

    func requestChain(_ chain: RequestChain, didSucceed response: Response, atIndex index: Int) async {
        log.withLock { $0.append("success \(index)") }
    }

    func requestChain(_ chain: RequestChain, didFail error: NetworkError, atIndex index: Int) async {
        log.withLock { $0.append("failure \(index)") }
    }
}

/// A screen as an app has it: main-actor isolated, passing the token on itself.
@MainActor final class LoginScreen: RequestChainDelegate {
    var events: [String] = []

    func requestChain(
        _ chain: RequestChain, prepareParametersFor request: Request, atIndex index: Int, previousResponses: [Response]
    ) async throws -> Request {
        var request = request
        if index == 1 {
            request.endpoint.parameters["token"] = try previousResponses[0].json.value(at: "data.token")
        }
        return request
    }

    func requestChain(_ chain: RequestChain, didSucceed response: Response, atIndex index: Int) async {
        if index == 1 {
            events.append("ticket \((try? response.json.string(at: "data.ticket")) ?? "?")")
        } else {
            events.append("success \(index)")
        }
    }

    func requestChain(_ chain: RequestChain, didFail error: NetworkError, atIndex index: Int) async {
        events.append("failure \(index)")
    }
}

/// A screen that owns its chain and is its delegate.
final class Screen: RequestChainDelegate {
    let chain: RequestChain

    init(chain: RequestChain) {
        self.chain = chain
    }

    func load() -> Task<Void, Never> {
        chain.delegate = self
        return chain.start()
    }
}
