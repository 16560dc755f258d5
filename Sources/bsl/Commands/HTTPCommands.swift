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
            A repeated --param name sends an array (tag=a&tag=b). Errors exit 1 with the reason.
            """,
        subcommands: [HTTPGetCommand.self, HTTPPostCommand.self])

    /// The options both commands take.
    static let options: [CommandSpec.Option] =
        [
            .repeatable("param", "name=value", help: "A parameter; repeat for more."),
            .value("body", "json", help: "A JSON body (then --param goes to the query)."),
            .repeatable("header", "Name:value", help: "A header; repeat for more."),
            .value("retry", "n", help: "Retries after the first attempt (GET only; 408, 429, 5xx, connection errors)."),
            .value("timeout", "seconds", help: "Time limit of each attempt, such as 0.5 (at most 86400)."),
        ] + TransportChoice.options + [
            .flag("include", short: "i", help: "Print the status line and the headers before the body.")
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
    var timeout: Duration?
    var transport: TransportChoice
    var include = false

    /// The longest `--timeout`, in seconds: a day.
    static let maximumTimeout: Double = 86_400

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
        if let seconds = try arguments.double("timeout") {
            // Bounded before it is turned into whole milliseconds, which a huge value would overflow.
            guard seconds > 0, seconds <= Self.maximumTimeout else {
                throw UsageError(
                    "--timeout needs a number of seconds above 0 and at most \(Int(Self.maximumTimeout)) (a day), "
                        + "not \(arguments.value("timeout") ?? "")")
            }
            timeout = .milliseconds(Int64((seconds * 1000).rounded(.up)))
        }
        transport = try TransportChoice(arguments)
        include = arguments.flag("include")
    }

    /// Sends the request and prints the response.
    func run(_ method: HTTPMethod, terminal: Terminal) async throws {
        var endpoint = Endpoint(base: url, method: method, parameters: parameters, headers: headers, timeout: timeout)
        if let body { endpoint.body = .json(body) }
        let pool = RequestPool(transport: try transport.makeTransport())
        let response = try await pool.send(endpoint, retry: retries > 0 ? .retries(retries) : .none)
        if include {
            let reason = HTTPURLResponse.localizedString(forStatusCode: response.status)
            var head = "HTTP \(response.status) \(reason)\n"
            for (name, value) in response.headers.sorted(by: { $0.key.lowercased() < $1.key.lowercased() }) {
                head += "\(name): \(value)\n"
            }
            terminal.print(head)
        }
        terminal.write(response.body)
        if let last = response.body.last, last != UInt8(ascii: "\n") {
            terminal.print("")
        }
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
