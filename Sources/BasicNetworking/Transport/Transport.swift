import Foundation

/// Sends a request and returns the server's answer, whatever its status.
///
/// ``URLSessionTransport`` talks to the network; ``RecordingTransport`` does too and writes
/// every exchange to a cassette folder; ``ReplayTransport`` answers from such a folder.
/// ``RequestPool`` sends every request through one of them.
///
/// ```swift
/// let transport: any Transport = offline ? try ReplayTransport(cassette: folder) : URLSessionTransport()
/// let pool = RequestPool(transport: transport)
/// ```
public protocol Transport: Sendable {
    /// Sends `request` and returns the response, whatever its status.
    ///
    /// - Throws: ``NetworkError`` when no whole response arrives: ``NetworkError/cancelled(url:)``
    ///   when the calling task is cancelled, ``NetworkError/timedOut(url:seconds:)``,
    ///   ``NetworkError/transport(url:reason:underlying:)``.
    func send(_ request: URLRequest) async throws(NetworkError) -> Response
}
