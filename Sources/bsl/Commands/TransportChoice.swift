import BasicNetworking
import Foundation

/// `--timeout SECONDS`, `--record DIR` / `--replay DIR`: how long each request may take, and
/// the live network, recorded to a cassette, or replayed from one. Shared by every command that
/// talks to a web API, so that each of them ends every request within its time limit.
struct TransportChoice: Sendable {
    /// The time limit of a request when `--timeout` is not given, in seconds.
    static let defaultTimeout: Double = 15
    /// The longest `--timeout`, in seconds: a day.
    static let maximumTimeout: Double = 86_400

    static let options: [CommandSpec.Option] = [
        .value(
            "timeout", "seconds",
            help: "Time limit of each request, such as 0.5 (default \(Int(defaultTimeout)), at most 86400)."),
        .value("record", "dir", help: "Record the exchanges into the cassette folder DIR."),
        .value("replay", "dir", help: "Answer from the cassette folder DIR instead of the network."),
    ]

    /// `User-Agent: bsl/<version>`, sent with every request.
    static let userAgent = "bsl/\(BSL.version)"

    let record: String?
    let replay: String?
    /// How long one request may take, from sending it to the last byte of the answer.
    let timeout: Duration

    /// Reads `--timeout`, `--record` and `--replay`.
    ///
    /// - Throws: ``UsageError`` when both cassette options are given, or the timeout is not a
    ///   number of seconds above 0 and at most a day.
    init(_ arguments: ParsedArguments) throws {
        record = arguments.value("record")
        replay = arguments.value("replay")
        if record != nil && replay != nil {
            throw UsageError("--record and --replay cannot be used together")
        }
        let seconds = try Self.seconds(arguments)
        timeout = .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }

    /// `--timeout` in seconds, checked, or the default.
    private static func seconds(_ arguments: ParsedArguments) throws -> Double {
        let refusal = UsageError(
            "--timeout needs a number of seconds above 0 and at most \(Int(maximumTimeout)) (a day), "
                + "not \(arguments.value("timeout") ?? "")")
        let seconds: Double?
        do {
            seconds = try arguments.double("timeout")
        } catch {
            throw refusal
        }
        guard let seconds else { return defaultTimeout }
        // Bounded before it is turned into whole milliseconds, which a huge value would overflow.
        guard seconds > 0, seconds <= maximumTimeout else { throw refusal }
        return seconds
    }

    /// The transport the options ask for.
    ///
    /// - Throws: ``BasicNetworking/NetworkError/cassette(path:reason:)`` for a cassette that
    ///   cannot be read or written.
    func makeTransport() throws -> any Transport {
        let configuration = URLSessionTransport.Configuration(
            timeout: timeout, additionalHeaders: ["User-Agent": Self.userAgent])
        if let replay {
            return try ReplayTransport(cassette: URL(fileURLWithPath: replay), configuration: configuration)
        }
        if let record {
            return try RecordingTransport(cassette: URL(fileURLWithPath: record), configuration: configuration)
        }
        return URLSessionTransport(configuration: configuration)
    }
}

extension CommandFailure {
    /// A failure whose message is one line, as every `Error:` line is: a line break inside
    /// (libxml2 puts one in some of its messages: "… indicate encoding !\nBytes: 0xFF …")
    /// becomes a space.
    init(oneLine message: String) {
        self.init(message.split(whereSeparator: \.isNewline).joined(separator: " "))
    }
}
