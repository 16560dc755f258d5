import Foundation

/// The fuzz harnesses: one per parser of untrusted input, each a function from bytes to either
/// nothing (the input gave a valid result or a clear error) or a ``HarnessFailure`` (an
/// invariant broke). The libFuzzer executables in `Fuzz/` call them on generated inputs, and
/// the main package's `FuzzFindingsTests` call them on every input in `Fuzz/Findings/`, so a
/// finding is replayed through exactly the code that found it.
///
/// Only public API is used. A crash, a hang or running out of memory is a finding by itself;
/// the invariants each harness checks are listed on its case.
public enum Harness: String, CaseIterable, Sendable {
    /// `JSONValue(parsing:)`; a parsed value renders (compact and pretty) to text that parses
    /// back equal.
    case json
    /// `JSONKeyPath` parsing and `value(at:)`, `set(_:at:)`, `removeValue(at:)` on a small
    /// document. The input is the key path's text. A path prints as text that parses back to it;
    /// after a successful `set` the value is there, and `removeValue` gives it back.
    case keyPath = "key-path"
    /// `XMLConverter.convert` with four configurations; every result renders to JSON that
    /// parses back equal.
    case xml
    /// `Feed(parsing:)`; a feed's `jsonValue` renders to JSON that parses back equal.
    case feed
    /// `ArticleHTML.sanitized`, `ArticleHTML.imageURLs`, `TerminalText.render` and
    /// `ArticlePage.html()`. Sanitized HTML, parsed again, holds no dropped element and no
    /// event-handler attribute; sanitizing is idempotent; terminal text holds no control
    /// character but line feeds, and no line outside `pre` is wider than asked.
    case html
    /// `Router` and `AppLink`. The input's lines are patterns (`scheme:` for a whole scheme);
    /// the last line is the link routed. A successful route names a registered pattern whose
    /// parameters it fills; an `AppLink`'s scheme is lowercase.
    case route
    /// `Money.parse`, `Money.format`, `Money.chineseUppercase`, `TimeParser` and
    /// `TimeFormatter`. A parsed amount formats (without grouping) to text that parses back to
    /// it rounded to the cent, and is exactly the amount written; every parsed time formats to
    /// non-empty text.
    case moneyTime = "money-time"
    /// `ReplayTransport(cassette:)` on the input as a cassette's `index.json` (its body files
    /// are created), then `send` of the first exchange's request. A request that is answered
    /// gets the recorded status and body.
    case cassette

    /// Runs the harness on one input.
    ///
    /// - Throws: ``HarnessFailure`` when an invariant does not hold.
    public func run(_ data: Data) throws(HarnessFailure) {
        switch self {
        case .json: try JSONHarness.run(data)
        case .keyPath: try KeyPathHarness.run(data)
        case .xml: try XMLHarness.run(data)
        case .feed: try FeedHarness.run(data)
        case .html: try HTMLHarness.run(data)
        case .route: try RouteHarness.run(data)
        case .moneyTime: try MoneyTimeHarness.run(data)
        case .cassette: try CassetteHarness.run(data)
        }
    }

    /// The libFuzzer entry point's body: runs the harness on `size` bytes at `bytes`, and on a
    /// failure prints it and aborts, which libFuzzer records as a crash with the input.
    public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let data = bytes.map { Data(bytes: $0, count: size) } ?? Data()
        do {
            try run(data)
        } catch {
            FileHandle.standardError.write(Data("\n\(rawValue) harness: \(error)\n".utf8))
            abort()
        }
        return 0
    }
}

/// An invariant a harness checks that did not hold, with what was seen.
public struct HarnessFailure: Error, CustomStringConvertible, Sendable {
    /// What did not hold.
    public let description: String

    /// A failure saying what did not hold.
    public init(_ description: String) {
        self.description = description
    }
}

/// Helpers the harnesses share.
enum Check {
    /// Throws `message` unless `condition` holds.
    static func that(_ condition: Bool, _ message: @autoclosure () -> String) throws(HarnessFailure) {
        if !condition { throw HarnessFailure(message()) }
    }

    /// Checks that `error` describes itself in one non-empty line without control characters
    /// (house style: errors are one line, the input's control characters escaped).
    static func clearError(_ error: any Error, from call: String) throws(HarnessFailure) {
        let text = String(describing: error)
        try that(!text.isEmpty, "\(call) threw an error with an empty description")
        try that(
            !text.unicodeScalars.contains { $0.properties.generalCategory == .control },
            "\(call) threw an error whose description is not one clean line: \(quoted(text))")
    }

    /// `text` cut to 300 characters and with control characters escaped, for a failure message.
    static func quoted(_ text: String) -> String {
        let cut = text.count > 300 ? String(text.prefix(300)) + "…" : text
        return "\""
            + cut.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? $0.escaped(asASCII: true) : String($0) }
            .joined() + "\""
    }

    /// The input as text, invalid UTF-8 replaced by U+FFFD, as the clients decode bodies.
    static func text(_ data: Data) -> String {
        String(decoding: data, as: UTF8.self)
    }
}
