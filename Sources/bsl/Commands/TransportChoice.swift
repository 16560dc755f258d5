import BasicNetworking
import Foundation

/// `--record DIR` / `--replay DIR`: the live network, recorded to a cassette, or replayed from
/// one. Shared by every command that talks to a web API.
struct TransportChoice: Sendable {
    static let options: [CommandSpec.Option] = [
        .value("record", "dir", help: "Record the exchanges into the cassette folder DIR."),
        .value("replay", "dir", help: "Answer from the cassette folder DIR instead of the network."),
    ]

    let record: String?
    let replay: String?

    /// Reads `--record` and `--replay`.
    ///
    /// - Throws: ``UsageError`` when both are given.
    init(_ arguments: ParsedArguments) throws {
        record = arguments.value("record")
        replay = arguments.value("replay")
        if record != nil && replay != nil {
            throw UsageError("--record and --replay cannot be used together")
        }
    }

    /// The transport the options ask for.
    ///
    /// - Throws: ``BasicNetworking/NetworkError/cassette(path:reason:)`` for a cassette that
    ///   cannot be read or written.
    func makeTransport() throws -> any Transport {
        if let replay { return try ReplayTransport(cassette: URL(fileURLWithPath: replay)) }
        if let record { return try RecordingTransport(cassette: URL(fileURLWithPath: record)) }
        return URLSessionTransport()
    }
}
