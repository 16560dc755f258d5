import Foundation
import Synchronization

/// Requests that depend on each other, sent one after another: before each step a `prepare`
/// hook (and the delegate) sets its parameters from the responses so far; the chain stops at
/// the first failure and says which step failed.
///
/// ```swift
/// let login = Endpoint(base: api, path: "login", method: .post, parameters: ["user": "alice", "password": pw])
/// let ticket = Endpoint(base: api, path: "ticket")
/// let chain = RequestChain(pool: pool, steps: [login, ticket]) { request, index, responses in
///     if index == 1 {
///         request.endpoint.parameters["token"] = try responses[0].json.value(at: "data.token")
///     }
/// }
/// let responses = try await chain.run()   // or: chain.delegate = screen; chain.start()
/// ```
///
/// Cancelling the task that runs the chain, or calling ``cancel()``, cancels the step in flight;
/// the chain then fails with ``NetworkError/chainStepFailed(index:error:)`` holding
/// ``NetworkError/cancelled(url:)``.
public final class RequestChain: Sendable {
    /// Sets step `index`'s parameters or method from the responses of the steps before it.
    public typealias Prepare = @Sendable (_ request: inout Request, _ index: Int, _ previous: [Response]) throws -> Void

    /// The pool the steps are sent through.
    public let pool: RequestPool
    /// The steps, in order, before `prepare` changes them.
    public let steps: [Request]
    private let prepare: Prepare?
    private let state = Mutex(State())

    private struct State {
        weak var delegate: (any RequestChainDelegate)?
        var runs: [UInt64: Task<Result<[Response], NetworkError>, Never>] = [:]
        var lastRun: UInt64 = 0
    }

    /// A chain of requests.
    public init(pool: RequestPool, steps: [Request], prepare: Prepare? = nil) {
        self.pool = pool
        self.steps = steps
        self.prepare = prepare
    }

    /// A chain of endpoints sent with the default ``Request`` options.
    public convenience init(pool: RequestPool, steps: [Endpoint], prepare: Prepare? = nil) {
        self.init(pool: pool, steps: steps.map { Request($0) }, prepare: prepare)
    }

    /// The object told about each step, held weakly. When a chain started with a delegate
    /// finds it gone, it stops before its next step.
    public var delegate: (any RequestChainDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }

    /// Runs the steps in order and returns their responses.
    ///
    /// - Throws: ``NetworkError/chainStepFailed(index:error:)`` naming the first step that failed.
    public func run() async throws(NetworkError) -> [Response] {
        let (id, task) = launch()
        let result = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        state.withLock { _ = $0.runs.removeValue(forKey: id) }
        return try result.get()
    }

    /// Starts the chain and returns at once; the delegate hears about each step. Await the
    /// returned task's value to know when it has ended.
    @discardableResult
    public func start() -> Task<Void, Never> {
        let (id, task) = launch()
        return Task {
            _ = await withTaskCancellationHandler {
                await task.value
            } onCancel: {
                task.cancel()
            }
            state.withLock { _ = $0.runs.removeValue(forKey: id) }
        }
    }

    /// Cancels the step in flight of every run of this chain; later steps do not run.
    public func cancel() {
        let runs = state.withLock { Array($0.runs.values) }
        for run in runs { run.cancel() }
    }

    private func launch() -> (UInt64, Task<Result<[Response], NetworkError>, Never>) {
        let hadDelegate = delegate != nil
        let task = Task { () -> Result<[Response], NetworkError> in
            do throws(NetworkError) {
                return .success(try await self.perform(hadDelegate: hadDelegate))
            } catch {
                return .failure(error)
            }
        }
        let id = state.withLock { state in
            state.lastRun += 1
            state.runs[state.lastRun] = task
            return state.lastRun
        }
        return (id, task)
    }

    private func perform(hadDelegate: Bool) async throws(NetworkError) -> [Response] {
        var responses: [Response] = []
        for (index, step) in steps.enumerated() {
            // The delegate is read afresh for each call and never held across a request, so
            // that a screen going away mid-step is released at once.
            if hadDelegate && delegate == nil {
                // Nobody is left to hear about this chain: stop rather than work for nothing.
                throw .chainStepFailed(index: index, error: .cancelled(url: step.endpoint.displayURL))
            }
            do throws(NetworkError) {
                let request = try await prepared(step, index: index, responses: responses)
                let response = try await pool.send(request)
                responses.append(response)
                await delegate?.requestChain(self, didSucceed: response, atIndex: index)
            } catch {
                let failure = NetworkError.chainStepFailed(index: index, error: error)
                await delegate?.requestChain(self, didFail: failure, atIndex: index)
                throw failure
            }
        }
        return responses
    }

    /// Step `index` after the prepare hook and the delegate have set it up.
    private func prepared(_ step: Request, index: Int, responses: [Response]) async throws(NetworkError) -> Request {
        var request = step
        if Task.isCancelled { throw .cancelled(url: request.endpoint.displayURL) }
        do {
            try prepare?(&request, index, responses)
            if let delegate {
                request = try await delegate.requestChain(
                    self, prepareParametersFor: request, atIndex: index, previousResponses: responses)
            }
        } catch let error as NetworkError {
            throw error
        } catch {
            throw .invalidRequest(url: request.endpoint.displayURL, reason: "preparing the request failed: \(error)")
        }
        return request
    }
}
