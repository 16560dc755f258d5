import BasicCLI
import BasicNetworking
import Foundation

/// `--timeout SECONDS`, `--record DIR` / `--replay DIR`: how long each request may take, and
/// the live network, recorded to a cassette, or replayed from one. Included by every command that
/// talks to a web API (`@OptionGroup(title: "Network options")`), so that each of them ends every
/// request within its time limit.
struct TransportOptions: ParsableArguments {
    /// The time limit of a request when `--timeout` is not given, in seconds.
    static let defaultTimeout: Double = 15
    /// The longest `--timeout`, in seconds: a day.
    static let maximumTimeout: Double = 86_400

    /// `User-Agent: bsl/<version>`, sent with every request.
    static let userAgent = "bsl/\(BSL.version)"

    @Option(
        help: ArgumentHelp(
            "Time limit of each request, such as 0.5 (default \(Int(defaultTimeout)), at most 86400).",
            valueName: "seconds"),
        completion: .nothing, transform: TransportOptions.seconds)
    var timeout: Double?

    @Option(
        help: ArgumentHelp("Record the exchanges into the cassette folder DIR.", valueName: "dir"),
        completion: .directory)
    var record: String?

    @Option(
        help: ArgumentHelp("Answer from the cassette folder DIR instead of the network.", valueName: "dir"),
        completion: .directory)
    var replay: String?

    func validate() throws {
        if record != nil && replay != nil { throw ValidationError("--record and --replay cannot be used together") }
    }

    /// `--timeout` in seconds, checked: above 0 and at most a day. Bounded before it is turned
    /// into whole milliseconds, which a huge value would overflow.
    static func seconds(_ text: String) throws -> Double {
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= maximumTimeout else {
            throw ValidationError(
                "--timeout needs a number of seconds above 0 and at most \(Int(maximumTimeout)) (a day), not \(text)")
        }
        return seconds
    }

    /// How long one request may take, from sending it to the last byte of the answer.
    var requestTimeout: Duration {
        .milliseconds(Int64(((timeout ?? Self.defaultTimeout) * 1000).rounded(.up)))
    }

    /// The transport the options ask for.
    ///
    /// - Throws: ``BasicNetworking/NetworkError/cassette(path:reason:)`` for a cassette that
    ///   cannot be read or written.
    func makeTransport() throws(NetworkError) -> any Transport {
        let configuration = URLSessionTransport.Configuration(
            timeout: requestTimeout, additionalHeaders: ["User-Agent": Self.userAgent])
        if let replay {
            return try ReplayTransport(cassette: URL(fileURLWithPath: replay), configuration: configuration)
        }
        if let record {
            let folder = URL(fileURLWithPath: record)
            // Left behind empty if every request fails: removed when bsl ends.
            FolderLeftovers.willCreate(folder)
            return try RecordingTransport(cassette: folder, configuration: configuration)
        }
        return URLSessionTransport(configuration: configuration)
    }

    /// `error`'s message with what helps next: the requests the cassette answers, when it was a
    /// replayed request it does not hold (``ReplayHint``); the offline `hint` after a failure of
    /// the network itself, unless replaying already.
    func message(for error: NetworkError, slots: [ReplayHint.Slot] = [], offlineHint: String? = nil) -> String {
        if case .notRecorded(let method, let url, _) = error, let replay {
            let hint = ReplayHint(cassette: URL(fileURLWithPath: replay)).text(
                missing: url, method: method, slots: slots)
            return hint.map { "\(error); \($0)" } ?? "\(error)"
        }
        switch error {
        case .invalidRequest, .cassette, .cancelled:
            return "\(error)"
        default:
            guard let offlineHint, replay == nil else { return "\(error)" }
            return "\(error); \(offlineHint)"
        }
    }
}
