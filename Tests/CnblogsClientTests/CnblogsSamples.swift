import BasicNetworking
import CnblogsClient
import Foundation
import TestSupport

/// The bundled recording, `Samples/cnblogs`, and helpers for reading it.
enum CnblogsSamples {
    static let folder = TestPaths.packageRoot.appendingPathComponent("Samples/cnblogs")

    /// A client that answers from the recording.
    static func client() throws -> CnblogsClient {
        CnblogsClient(transport: try ReplayTransport(cassette: folder))
    }

    /// A date written as RFC 3339 in the tests.
    static func date(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text) ?? .distantPast
    }
}
