/// What a ``RequestChain`` tells the object that started it, mirroring BasicServicesLib's
/// delegate (`prepareParamsFor:atIndex:`, success and failure per step).
///
/// The chain holds its delegate weakly: a screen that goes away is not kept alive by its
/// requests, and the chain stops before its next step. The methods are `async` so that a
/// `@MainActor` screen can implement them as main-actor methods. Each has a default that does
/// nothing.
///
/// ```swift
/// @MainActor final class LoginScreen: RequestChainDelegate {
///     func requestChain(_ chain: RequestChain, didSucceed response: Response, atIndex index: Int) async {
///         if index == 1 { showTicket(response) }
///     }
///     func requestChain(_ chain: RequestChain, didFail error: NetworkError, atIndex index: Int) async {
///         showError(error)
///     }
/// }
/// ```
public protocol RequestChainDelegate: AnyObject, Sendable {
    /// Returns the request for step `index`, given the responses of the steps before it: sets
    /// its parameters or method (the login's ticket becomes a parameter of the next step).
    ///
    /// - Throws: any error to stop the chain at this step; it is reported as
    ///   ``NetworkError/chainStepFailed(index:error:)``.
    func requestChain(
        _ chain: RequestChain, prepareParametersFor request: Request, atIndex index: Int, previousResponses: [Response]
    ) async throws -> Request

    /// Step `index` succeeded with `response`.
    func requestChain(_ chain: RequestChain, didSucceed response: Response, atIndex index: Int) async

    /// Step `index` failed with `error` (a ``NetworkError/chainStepFailed(index:error:)``); the
    /// chain stops.
    func requestChain(_ chain: RequestChain, didFail error: NetworkError, atIndex index: Int) async
}

extension RequestChainDelegate {
    /// Leaves the request as it is.
    public func requestChain(
        _ chain: RequestChain, prepareParametersFor request: Request, atIndex index: Int, previousResponses: [Response]
    ) async throws -> Request {
        request
    }

    /// Does nothing.
    public func requestChain(_ chain: RequestChain, didSucceed response: Response, atIndex index: Int) async {}

    /// Does nothing.
    public func requestChain(_ chain: RequestChain, didFail error: NetworkError, atIndex index: Int) async {}
}
