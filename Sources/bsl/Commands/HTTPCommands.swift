import BasicCore
import BasicNetworking
import Foundation

/// `bsl http`: send requests through BasicNetworking's request pool, live, recorded or replayed.
struct HTTPCommands: CommandGroup {
    static let spec = CommandSpec(
        name: "http",
        abstract: "Send HTTP requests through the request pool: live, recorded to a cassette, or replayed from one.",
        discussion: """
            --param goes to the query for get and to a form body for post, unless --body gives the body.
            A repeated --param name sends an array (tag=a&tag=b). The body is written byte for byte, to \
            standard output or to --output FILE. An answer of 4xx or 5xx is written the same way (with \
            --include, its status line and headers first) and exits 1 with an Error: line on standard \
            error; other errors exit 1 with the reason.
            """,
        subcommands: [HTTPGetCommand.self, HTTPPostCommand.self])

    /// The options both commands take.
    static let options: [CommandSpec.Option] =
        [
            .repeatable("param", "name=value", help: "A parameter; repeat for more."),
            .value("body", "json", help: "A JSON body (then --param goes to the query)."),
            .repeatable("header", "Name:value", help: "A header; repeat for more."),
            .value("retry", "n", help: "Retries after the first attempt (GET only; 408, 429, 5xx, connection errors)."),
        ] + TransportChoice.options + [
            .flag("include", short: "i", help: "Print the status line and the headers before the body."),
            .value("output", "file", short: "o", help: "Write the body to FILE instead of standard output ('-')."),
        ]

    static let arguments: [CommandSpec.Argument] = [.init(name: "url", help: "The URL, such as https://host/path.")]
}

/// What one `bsl http` command line asks for.
struct HTTPRequestLine: Sendable {
    var url: String
    var parameters: JSONObject = [:]
    var body: JSONValue?
    var headers: [String: String] = [:]
    var retries = 0
    var transport: TransportChoice
    var include = false
    /// `--output FILE`; nil (or `-`) for standard output.
    var output: String?

    init(_ arguments: ParsedArguments) throws {
        url = arguments.argument("url") ?? ""
        for pair in arguments.values("param") {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw UsageError("--param needs name=value, not '\(pair)'")
            }
            let name = String(pair[..<equals])
            let value = JSONValue.string(String(pair[pair.index(after: equals)...]))
            switch parameters[name] {
            case .array(let values)?: parameters[name] = .array(values + [value])
            case let existing?: parameters[name] = [existing, value]
            case nil: parameters[name] = value
            }
        }
        if let text = arguments.value("body") {
            do {
                body = try JSONValue(parsing: text)
            } catch {
                throw UsageError("--body needs valid JSON: \(error)")
            }
        }
        for line in arguments.values("header") {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                throw UsageError("--header needs Name:value, not '\(line)'")
            }
            headers[String(line[..<colon]).trimmingCharacters(in: .whitespaces)] =
                String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        if let retries = try arguments.int("retry") {
            guard retries >= 0 else { throw UsageError("--retry needs a count of 0 or more, not \(retries)") }
            self.retries = retries
        }
        transport = try TransportChoice(arguments)
        include = arguments.flag("include")
        output = arguments.value("output")
        if output?.isEmpty == true { throw UsageError("--output needs a file name, or - for standard output") }
    }

    /// Sends the request and writes the answer, whatever its status: with `--include` the status
    /// line and headers first, then the body byte for byte. A 4xx or 5xx answer then fails.
    func run(_ method: HTTPMethod, terminal: Terminal) async throws {
        var endpoint = Endpoint(
            base: url, method: method, parameters: parameters, headers: headers, timeout: transport.timeout)
        if let body { endpoint.body = .json(body) }
        let pool = RequestPool(transport: try transport.makeTransport())
        let response = try await pool.send(
            endpoint, retry: retries > 0 ? .retries(retries) : .none, rule: .anyStatus)
        var written = Data()
        if include { written.append(Data(Self.head(of: response).utf8)) }
        written.append(response.body)
        try write(written, terminal)
        // An error answer fails the command, now that it has been shown (as curl shows it).
        guard response.status < 400 else {
            let reason = HTTPURLResponse.localizedString(forStatusCode: response.status).lowercased()
            let place = output.flatMap { $0 == "-" ? nil : "in \($0)" } ?? "on standard output"
            throw CommandFailure(
                "\(response.url.absoluteString) answered HTTP \(response.status) (\(reason)); "
                    + "its body (\(response.body.count) bytes) is \(place)")
        }
    }

    /// The status line, the headers (sorted by name) and the blank line that ends them.
    static func head(of response: Response) -> String {
        var head = "HTTP \(response.status) \(HTTPURLResponse.localizedString(forStatusCode: response.status))\n"
        for (name, value) in response.headers.sorted(by: { $0.key.lowercased() < $1.key.lowercased() }) {
            head += "\(name): \(value)\n"
        }
        return head + "\n"
    }

    /// Writes `data` to `--output`, or to standard output.
    private func write(_ data: Data, _ terminal: Terminal) throws {
        guard let output, output != "-" else { return terminal.write(data) }
        do {
            try data.write(to: URL(fileURLWithPath: output))
        } catch {
            throw CommandFailure("cannot write \(output): \(Self.reason(error, writing: output))")
        }
    }

    /// Why writing `path` failed, in words.
    static func reason(_ error: any Error, writing path: String) -> String {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            return "it is a folder; name a file"
        }
        if !FileManager.default.fileExists(atPath: folder) { return "the folder \(folder) does not exist" }
        return (error as NSError).localizedDescription
    }
}

/// `bsl http get URL`
struct HTTPGetCommand: Command {
    static let spec = CommandSpec(
        name: "get", abstract: "Send a GET request and print the body.", arguments: HTTPCommands.arguments,
        options: HTTPCommands.options)

    let line: HTTPRequestLine

    init(_ arguments: ParsedArguments) throws {
        line = try HTTPRequestLine(arguments)
    }

    func run(_ terminal: Terminal) async throws {
        try await line.run(.get, terminal: terminal)
    }
}

/// `bsl http post URL`
struct HTTPPostCommand: Command {
    static let spec = CommandSpec(
        name: "post", abstract: "Send a POST request and print the body.", arguments: HTTPCommands.arguments,
        options: HTTPCommands.options)

    let line: HTTPRequestLine

    init(_ arguments: ParsedArguments) throws {
        line = try HTTPRequestLine(arguments)
    }

    func run(_ terminal: Terminal) async throws {
        try await line.run(.post, terminal: terminal)
    }
}
