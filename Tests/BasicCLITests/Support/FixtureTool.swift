import BasicCLI
import Foundation
import Synchronization

/// What the fixture commands did when they ran, one line per run, for the test that ran them.
final class RunLog: Sendable {
    @TaskLocal static var current: RunLog?

    private let lines = Mutex<[String]>([])

    /// Adds a line to the log of the running test.
    static func record(_ line: String) {
        current?.lines.withLock { $0.append(line) }
    }

    var entries: [String] { lines.withLock { $0 } }

    /// Runs the fixture tool on `arguments` and returns how it ended and what the commands recorded.
    static func run(_ arguments: [String], columns: Int = 80) async -> (CommandExecution, [String]) {
        let log = RunLog()
        let outcome = await $current.withValue(log) { await Tool.execute(arguments, columns: columns) }
        return (outcome, log.entries)
    }
}

/// A failure of an operation (exit status 1).
struct FixtureFailure: Error, CustomStringConvertible {
    var description: String
}

/// The fixture tree: `tool cnblogs read|recommend|offline`, `tool money`, `tool wait`, `tool http`,
/// `tool files`.
struct Tool: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tool", abstract: "A tool to test BasicCLI with.", version: "1.2.3",
        subcommands: [Cnblogs.self, MoneyCommand.self, Wait.self, HTTP.self, Files.self])
}

struct NetworkOptions: ParsableArguments {
    @Option(help: "The API's base.") var api: URL?
    @Option(help: "Answer from the cassette folder DIR.", completion: .directory) var replay: String?
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        if json && replay == "none" { throw ValidationError("--json and --replay none do not mix") }
    }

    var summary: String { "api=\(api?.absoluteString ?? "-") replay=\(replay ?? "-") json=\(json)" }
}

enum Kind: String, CaseIterable, ExpressibleByArgument {
    case blog, news
}

struct Cnblogs: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cnblogs", abstract: "Read cnblogs: lists and articles.",
        discussion: "The network options may be given before or after the command's name.",
        subcommands: [Read.self, Recommend.self, Offline.self])

    @OptionGroup(title: "Network options") var network: NetworkOptions
}

struct Read: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "read", abstract: "Print an article as text.")

    @OptionGroup(title: "Network options") var network: NetworkOptions
    @Argument(help: "The post's id.") var id: Int
    @Option(help: "What the id names.") var kind: Kind = .blog
    @Option(name: .shortAndLong, help: ArgumentHelp("Wrap at this many columns.", valueName: "columns"))
    var width: Int?
    @Flag(name: .shortAndLong, help: "Also print the comments.") var comments = false
    @Flag(name: .customShort("v"), help: "Say more.") var verbose = false

    func run() async throws {
        RunLog.record(
            "read id=\(id) kind=\(kind) width=\(width.map(String.init) ?? "-") comments=\(comments) "
                + "verbose=\(verbose) \(network.summary)")
    }
}

struct Recommend: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recommend", abstract: "List the most recommended posts of ten days.")

    @OptionGroup(title: "Network options") var network: NetworkOptions
    @Option(help: "How many entries, 1 to 100.") var size = 10
    static let firstPage = 1

    @Option(help: "The page, from \(firstPage).") var page: Int?

    func validate() throws {
        guard (1...100).contains(size) else { throw ValidationError("--size takes 1 to 100, not \(size)") }
    }

    func run() async throws {
        if page == 99 { throw FixtureFailure(description: "the server has no page 99") }
        if page == 98 { throw ValidationError("page 98 is a usage error found while running") }
        RunLog.record("recommend size=\(size) page=\(page.map(String.init) ?? "-") \(network.summary)")
    }
}

/// Reads no network option itself: it still accepts the group's, as `bsl cnblogs offline` does.
struct Offline: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "offline", abstract: "List the saved articles.")

    @Argument(help: "list, read or remove.") var action = "list"
    @Argument(help: "The article.") var id: Int?

    func run() async throws {
        RunLog.record("offline action=\(action) id=\(id.map(String.init) ?? "-")")
    }
}

/// A synchronous command with a transform, negative numbers and CJK help.
struct MoneyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "money", abstract: "格式化金额：千分位两位小数，或中文大写（壹仟零壹元零伍分）。")

    @Argument(
        help: "金额：数字，可带符号与小数点。",
        transform: { text in
            guard let amount = Decimal(string: text), text.allSatisfy({ "+-.0123456789".contains($0) }) else {
                throw FixtureFailure(description: "'\(text)' is not an amount: write digits, such as -1234.5")
            }
            return amount
        })
    var amount: Decimal
    @Option(help: "A currency symbol before the digits, such as ¥.") var symbol = ""
    @Flag(help: "大写：壹仟零壹元零伍分。") var upper = false

    func run() throws {
        RunLog.record("money amount=\(amount) symbol=\(symbol) upper=\(upper)")
    }
}

struct Wait: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "wait", abstract: "Wait a while.")

    @Option(help: "How long each attempt may take.") var timeout: Duration = .seconds(30)
    @Option(help: "The age of the files to remove.") var olderThan: Duration?
    @Option(
        help: "Retries after the first attempt.",
        transform: { text in
            guard let count = Int(text), count >= 0 else {
                throw ValidationError("--retry needs a count of 0 or more, not '\(text)'")
            }
            return count
        })
    var retry = 0
    @Option(
        name: .customLong("header"), help: ArgumentHelp("A header; repeat for more.", valueName: "Name:value"),
        transform: Header.init)
    var headers: [Header] = []
    @Option(help: ArgumentHelp("A JSON object.", valueName: "json"), transform: JSONObjectText.init) var body:
        JSONObjectText?

    func run() async throws {
        RunLog.record(
            "wait timeout=\(timeout) older-than=\(olderThan.map { "\($0)" } ?? "-") retry=\(retry) "
                + "headers=\(headers.map { "\($0.name)=\($0.value)" }.joined(separator: ",")) body=\(body?.text ?? "-")"
        )
    }
}

struct HTTP: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "http", abstract: "Send a request.")

    @Argument(help: "The URL, such as https://host/path.") var url: URL
    @Option(name: .customLong("param"), help: ArgumentHelp("A parameter; repeat for more.", valueName: "name=value"))
    var parameters: [String] = []
    @Option(name: [.customShort("X"), .customLong("request")], help: "The method.") var method = "GET"
    @Flag(name: [.customLong("include"), .customShort("i")], help: "Print the headers too.") var include = false
    @Flag(name: .shortAndLong, help: "Do not ask.") var yes = false

    func run() async throws {
        RunLog.record(
            "http \(method) \(url.absoluteString) params=\(parameters.joined(separator: ",")) include=\(include) yes=\(yes)"
        )
    }
}

struct Files: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "files", abstract: "Measure files.")

    @Argument(help: "Files or folders.", completion: .file()) var paths: [String]
    @Option(help: ArgumentHelp("The route table.", valueName: "file"), completion: .file(extensions: ["json"]))
    var table: String?
    @Option(help: ArgumentHelp("The width of the screen.", valueName: "points")) var width: Double

    func run() async throws {
        RunLog.record("files \(paths.joined(separator: ",")) table=\(table ?? "-") width=\(width)")
    }
}

/// `Name: value`, as a transform reads it.
struct Header: Sendable {
    var name: String
    var value: String

    init(_ line: String) throws {
        guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
            throw FixtureFailure(description: "--header needs Name:value, not '\(line)'")
        }
        name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
        value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
    }
}

/// Text that must look like a JSON object.
struct JSONObjectText: Sendable {
    var text: String

    init(_ text: String) throws {
        guard text.hasPrefix("{"), text.hasSuffix("}") else {
            throw FixtureFailure(description: "--body needs a JSON object, not '\(text)'")
        }
        self.text = text
    }
}
