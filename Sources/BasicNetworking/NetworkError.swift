import BasicCore
import Foundation

/// Everything that can go wrong with a request, each case naming the URL.
///
/// ```swift
/// do {
///     let response = try await pool.send(Request(endpoint))
/// } catch .cancelled {
///     // the screen went away
/// } catch {
///     print(error)   // GET https://api.example.com/news timed out after 10 s; …
/// }
/// ```
public enum NetworkError: Error, Sendable, CustomStringConvertible {
    /// The request could not be built, such as from a base URL without a host.
    case invalidRequest(url: String, reason: String)
    /// The request did not get a whole response: connection refused, connection lost, unknown
    /// host. `reason` says which in words; `underlying` is the transport's own error.
    case transport(url: String, reason: String, underlying: any Error)
    /// The server did not answer within the request's timeout.
    case timedOut(url: String, seconds: Double)
    /// The request was cancelled: its task, its owner, the pool, or a newer identical request.
    case cancelled(url: String)
    /// The server answered with a status the response rule does not accept.
    case httpStatus(url: String, status: Int, bodyExcerpt: String)
    /// The server answered correctly at the HTTP level but reported an error in the body
    /// (`{"code":401,"msg":"token expired"}`).
    case server(url: String, code: JSONValue, message: String?)
    /// The body is not what was expected at `keyPath` (empty for the whole body).
    case decodingFailed(url: String, keyPath: String, reason: String, bodyExcerpt: String)
    /// A replayed request that the cassette holds no exchange for.
    case notRecorded(method: String, url: String, cassette: String)
    /// A cassette folder that cannot be read or written.
    case cassette(path: String, reason: String)
    /// Step `index` of a ``RequestChain`` failed with `error`; the later steps did not run.
    indirect case chainStepFailed(index: Int, error: NetworkError)

    /// One line: what happened, to which URL, and what to do.
    public var description: String { ErrorText.oneLine(unescapedDescription) }

    /// The description before control characters from the input are escaped.
    private var unescapedDescription: String {
        switch self {
        case .invalidRequest(let url, let reason):
            return "invalid request to \(url): \(reason)"
        case .transport(let url, let reason, _):
            return "request to \(url) failed: \(reason)"
        case .timedOut(let url, let seconds):
            return "request to \(url) timed out after \(Self.format(seconds)) s; "
                + "raise the timeout or check that the server is answering"
        case .cancelled(let url):
            return "request to \(url) was cancelled"
        case .httpStatus(let url, let status, let excerpt):
            let reason = HTTPURLResponse.localizedString(forStatusCode: status).lowercased()
            return "\(url) answered HTTP \(status) (\(reason))" + (excerpt.isEmpty ? "" : ": \(excerpt)")
        case .server(let url, let code, let message):
            return "\(url) reported error \(code.asString ?? code.jsonString())"
                + (message.map { ": \($0)" } ?? "; the response has no message")
        case .decodingFailed(let url, let keyPath, let reason, let excerpt):
            let place = keyPath.isEmpty ? "the body" : "\"\(keyPath)\""
            return "cannot read \(place) of the response from \(url): \(reason)"
                + (excerpt.isEmpty ? "" : "; the body starts: \(excerpt)")
        case .notRecorded(let method, let url, let cassette):
            return "no exchange for \(method) \(url) in the cassette \(cassette); "
                + "record it again (RecordingTransport, or bsl http … --record \(cassette))"
        case .cassette(let path, let reason):
            return "cannot use the cassette \(path): \(reason)"
        case .chainStepFailed(let index, let error):
            return "step \(index) of the request chain failed: \(error)"
        }
    }

    /// The URL the error is about (the failed step's, for a chain).
    public var url: String {
        switch self {
        case .invalidRequest(let url, _), .transport(let url, _, _), .timedOut(let url, _), .cancelled(let url),
            .httpStatus(let url, _, _), .server(let url, _, _), .decodingFailed(let url, _, _, _),
            .notRecorded(_, let url, _):
            return url
        case .cassette(let path, _):
            return path
        case .chainStepFailed(_, let error):
            return error.url
        }
    }

    /// Whether this is a cancellation (also inside a chain step).
    public var isCancellation: Bool {
        switch self {
        case .cancelled: true
        case .chainStepFailed(_, let error): error.isCancellation
        default: false
        }
    }

    /// The first `limit` characters of a body as one line of text, for messages: what
    /// ``httpStatus(url:status:bodyExcerpt:)`` and ``decodingFailed(url:keyPath:reason:bodyExcerpt:)``
    /// carry. Clients that decode bodies themselves use it for their own errors.
    public static func excerpt(_ body: Data, limit: Int = 120) -> String {
        let text = String(decoding: body.prefix(limit * 4), as: UTF8.self)
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        return line.count > limit ? String(line.prefix(limit)) + "…" : line
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%g", seconds)
    }
}
