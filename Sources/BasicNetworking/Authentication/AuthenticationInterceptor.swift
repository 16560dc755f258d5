import Foundation
import Synchronization

/// Holds the credential of an ``Authenticator`` and refreshes it: before a request when it has
/// expired, and after a request it authenticated was refused. However many requests need a new
/// credential at once, one refresh runs and all of them wait for it. ``AuthenticatingTransport``
/// puts it in front of any transport. Alamofire's `AuthenticationInterceptor` is the model.
///
/// ```swift
/// let interceptor = AuthenticationInterceptor(
///     authenticator: TicketAuthenticator(pool: tokenPool), credential: stored,
///     didRefresh: { fresh in try? store.save(fresh) })
/// let pool = RequestPool(transport: AuthenticatingTransport(URLSessionTransport(), interceptor: interceptor))
/// ```
///
/// Each credential has a generation, bumped whenever it is replaced. A request refused with a
/// credential that has been replaced since it was sent does not refresh again: it is retried with
/// the newer one. So 20 requests refused at once cause one refresh, not 20.
public final class AuthenticationInterceptor<A: Authenticator>: Sendable {
    /// The scheme.
    public let authenticator: A
    private let now: @Sendable () -> Date
    private let didRefresh: (@Sendable (A.Credential) -> Void)?
    private let state: Mutex<State>

    /// A credential and the generation it belongs to.
    struct Grant: Sendable {
        var credential: A.Credential
        var generation: UInt64
    }

    /// The outcome of a refresh: the new grant, nil when the scheme cannot refresh, or its error.
    typealias Outcome = Result<Grant?, NetworkError>

    /// What a caller needing a newer credential finds: a refresh to wait for, or its answer.
    private enum Pending {
        case running(Task<Outcome, Never>)
        case settled(Grant?)
    }

    private struct State {
        var credential: A.Credential?
        var generation: UInt64 = 0
        var refresh: Task<Outcome, Never>?
        var refreshCount = 0
    }

    /// An interceptor for `authenticator`, starting with `credential`.
    ///
    /// - Parameters:
    ///   - authenticator: the scheme: how a credential is applied and refreshed.
    ///   - credential: the credential to start with; nil fails every request until one is set.
    ///   - now: the clock expiry is judged by.
    ///   - didRefresh: called with each new credential a refresh makes, from any thread, so that
    ///     it can be stored (sealed) for the next run.
    public init(
        authenticator: A, credential: A.Credential?, now: @escaping @Sendable () -> Date = { Date() },
        didRefresh: (@Sendable (A.Credential) -> Void)? = nil
    ) {
        self.authenticator = authenticator
        self.now = now
        self.didRefresh = didRefresh
        state = Mutex(State(credential: credential))
    }

    /// The credential requests get now; setting it (after a new login, say) starts a new generation.
    public var credential: A.Credential? {
        get { state.withLock { $0.credential } }
        set {
            state.withLock { state in
                state.credential = newValue
                state.generation += 1
            }
        }
    }

    /// How many refreshes have run (each shared by every request that waited for it).
    public var refreshCount: Int { state.withLock { $0.refreshCount } }

    /// The credential to send a request with: the current one, refreshed first when it requires it.
    ///
    /// - Throws: ``NetworkError/invalidRequest(url:reason:)`` when there is no credential; the
    ///   refresh's error.
    func grant(for url: String) async throws(NetworkError) -> Grant {
        let current: Grant? = state.withLock { state in
            state.credential.map { Grant(credential: $0, generation: state.generation) }
        }
        guard let current else {
            throw .invalidRequest(url: url, reason: "there is no credential to authenticate with; log in first")
        }
        guard current.credential.requiresRefresh(at: now()) else { return current }
        // An expired credential that cannot be refreshed is sent anyway: the server's refusal then
        // says what to do.
        return try await refreshed(after: current.generation) ?? current
    }

    /// A credential newer than generation `generation`: the one another refresh has made since, or
    /// the result of a new refresh, shared with every caller that asks meanwhile. Nil when the
    /// scheme cannot refresh.
    ///
    /// - Throws: the refresh's ``NetworkError``.
    func refreshed(after generation: UInt64) async throws(NetworkError) -> Grant? {
        let pending: Pending = state.withLock { state in
            if state.generation != generation {
                // Replaced since the caller's request was sent: use the newer credential.
                return .settled(state.credential.map { Grant(credential: $0, generation: state.generation) })
            }
            if let refresh = state.refresh { return .running(refresh) }
            guard let credential = state.credential else { return .settled(nil) }
            // A task of its own, not the caller's: one caller's cancellation must not end the
            // refresh that the others wait for.
            let refresh = Task { await self.performRefresh(of: credential, generation: generation) }
            state.refresh = refresh
            return .running(refresh)
        }
        switch pending {
        case .settled(let newer):
            return newer
        case .running(let refresh):
            return try await refresh.value.get()
        }
    }

    private func performRefresh(of credential: A.Credential, generation: UInt64) async -> Outcome {
        let result: Result<A.Credential?, NetworkError>
        do {
            result = .success(try await authenticator.refresh(credential))
        } catch {
            result = .failure(error)
        }
        let (outcome, adopted): (Outcome, A.Credential?) = state.withLock { state in
            state.refresh = nil
            state.refreshCount += 1
            switch result {
            case .failure(let error):
                return (.failure(error), nil)
            case .success(nil):
                return (.success(nil), nil)
            case .success(let fresh?):
                // Someone set a credential by hand meanwhile: theirs wins.
                guard state.generation == generation, state.credential != nil else {
                    return (.success(state.credential.map { Grant(credential: $0, generation: state.generation) }), nil)
                }
                state.credential = fresh
                state.generation += 1
                return (.success(Grant(credential: fresh, generation: state.generation)), fresh)
            }
        }
        if let adopted { didRefresh?(adopted) }
        return outcome
    }
}
