import BasicCLI
import BasicCore
import BasicNetworking
import Foundation

/// `bsl http`: send requests through BasicNetworking's request pool, live, recorded or replayed.
struct HTTPCommands: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "http",
        abstract: "Send HTTP requests through the request pool: live, recorded to a cassette, or replayed from one.",
        discussion: """
            --param goes to the query for get and to a form body for post, unless --body, --json or --data \
            gives the body. A repeated --param name sends an array (tag=a&tag=b). -X METHOD (curl's spelling) \
            sends another method: HEAD, DELETE or OPTIONS with get, PUT, PATCH or DELETE with post. The body \
            is written byte for byte, to standard output or to --output FILE. An answer of 4xx or 5xx is \
            written the same way (with --include, its status line and headers first) and exits 1 with an \
            Error: line on standard error; other errors exit 1 with the reason.
            """,
        subcommands: [HTTPGetCommand.self, HTTPPostCommand.self])
}

/// A `--param name=value`.
struct HTTPParameter: Sendable {
    let name: String
    let value: String

    /// - Throws: `ValidationError` unless `text` is `name=value` with a name.
    init(_ text: String) throws {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw ValidationError("--param needs name=value, not '\(text)'")
        }
        name = String(text[..<equals])
        value = String(text[text.index(after: equals)...])
    }
}

/// A `--header Name:value`.
struct HTTPHeader: Sendable {
    let name: String
    let value: String

    /// - Throws: `ValidationError` unless `text` is `Name:value` with a name.
    init(_ text: String) throws {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
            throw ValidationError("--header needs Name:value, not '\(text)'")
        }
        name = String(text[..<colon]).trimmingCharacters(in: .whitespaces)
        value = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
    }
}

/// What both `bsl http` commands take besides the URL and the method.
struct HTTPRequestOptions: ParsableArguments {
    /// The most `--retry` retries: enough for any flaky server, few enough to end soon.
    static let maximumRetries = 10

    @Option(
        name: .customLong("param"), help: ArgumentHelp("A parameter; repeat for more.", valueName: "name=value"),
        completion: .nothing, transform: { try HTTPParameter($0) })
    var parameters: [HTTPParameter] = []
    @Option(
        name: .customLong("header"), help: ArgumentHelp("A header; repeat for more.", valueName: "Name:value"),
        completion: .nothing, transform: { try HTTPHeader($0) })
    var headers: [HTTPHeader] = []
    @Option(
        help: ArgumentHelp(
            "Retries after the first attempt, 0 to 10 (GET only; 408, 429, 5xx, connection errors).", valueName: "n"))
    var retry = 0
    @OptionGroup(title: "Network options") var transport: TransportOptions
    @Flag(
        name: [.customLong("include"), .customShort("i")],
        help: "Print the status line and the headers before the body.")
    var include = false
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Write the body to FILE instead of standard output ('-').", valueName: "file"))
    var output: String?

    func validate() throws {
        guard (0...Self.maximumRetries).contains(retry) else {
            throw ValidationError("--retry takes 0 to \(Self.maximumRetries) retries, not \(retry)")
        }
        if output?.isEmpty == true { throw ValidationError("--output needs a file name, or - for standard output") }
    }

    /// The parameters as JSON: a name given several times holds an array.
    var parameterObject: JSONObject {
        var object: JSONObject = [:]
        for parameter in parameters {
            let value = JSONValue.string(parameter.value)
            switch object[parameter.name] {
            case .array(let values)?: object[parameter.name] = .array(values + [value])
            case let existing?: object[parameter.name] = [existing, value]
            case nil: object[parameter.name] = value
            }
        }
        return object
    }

    /// Sends the request and writes the answer, whatever its status: with `--include` the status
    /// line and headers first, then the body byte for byte. A 4xx or 5xx answer then fails.
    func send(
        _ method: HTTPMethod, to url: HTTPURL, body: HTTPBody? = nil, extraHeaders: [String: String] = [:],
        terminal: Terminal
    ) async throws {
        // A --header wins over what bsl adds, whatever its case.
        var headerFields = extraHeaders.filter { name, _ in
            !headers.contains { $0.name.lowercased() == name.lowercased() }
        }
        for header in headers { headerFields[header.name] = header.value }
        var endpoint = Endpoint(
            base: url.url, method: method, parameters: parameterObject, headers: headerFields,
            timeout: transport.requestTimeout)
        endpoint.body = body
        let response: Response
        do {
            let pool = RequestPool(transport: try transport.makeTransport())
            response = try await pool.send(endpoint, retry: retry > 0 ? .retries(retry) : .none, rule: .anyStatus)
        } catch {
            throw CommandFailure(oneLine: transport.message(for: error))
        }
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

/// `bsl http get URL [-X HEAD|DELETE|OPTIONS]`
struct HTTPGetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", abstract: "Send a GET request (or -X HEAD, DELETE, OPTIONS) and print the body.")

    /// The methods whose parameters go to the query.
    enum Method: String, CaseIterable, ExpressibleByArgument {
        case get = "GET", head = "HEAD", delete = "DELETE", options = "OPTIONS"

        /// The method in any case: curl sends what it is given, servers expect upper case.
        init?(argument: String) {
            self.init(rawValue: argument.uppercased())
        }
    }

    @Argument(help: "The URL, such as https://host/path.") var url: HTTPURL
    @Option(
        name: [.customShort("X"), .customLong("request")], help: ArgumentHelp("The method.", valueName: "method"))
    var method: Method = .get
    @OptionGroup var request: HTTPRequestOptions

    func run() async throws {
        try await request.send(HTTPMethod(rawValue: method.rawValue), to: url, terminal: Terminal())
    }
}

/// `bsl http post URL [-X PUT|PATCH|DELETE] [--body JSON | --json JSON | --data DATA]`
struct HTTPPostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "post",
        abstract: "Send a POST request (or -X PUT, PATCH, DELETE) with a body, and print the answer's body.",
        discussion: """
            The body is a form of the --param values, or one of: --body JSON (checked, sent compact), \
            --json JSON (curl 7.82's --json: sent as given, with Content-Type and Accept application/json), \
            --data DATA (curl's --data, as application/x-www-form-urlencoded); then --param goes to the \
            query. --json and --data take @FILE to read the body from a file, @- from standard input, \
            byte for byte (curl's --data drops the line breaks of a file; bsl keeps them, as curl's \
            --data-binary does). A --header Content-Type wins.
            """)

    /// The methods that carry a body.
    enum Method: String, CaseIterable, ExpressibleByArgument {
        case post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"

        /// The method in any case: curl sends what it is given, servers expect upper case.
        init?(argument: String) {
            self.init(rawValue: argument.uppercased())
        }
    }

    /// A body given inline or as `@FILE` (`@-` for standard input).
    enum BodySource: Sendable {
        case text(String)
        case file(String)

        init(_ argument: String) {
            self = argument.hasPrefix("@") ? .file(String(argument.dropFirst())) : .text(argument)
        }

        /// The bytes: the text, or the file's (standard input's for `-`).
        ///
        /// - Throws: ``CommandFailure`` naming the file when it cannot be read.
        func data(_ terminal: Terminal) throws -> Data {
            switch self {
            case .text(let text): Data(text.utf8)
            case .file(let path): try terminal.readInput(path)
            }
        }

        /// The file, or standard input, for messages.
        var sourceName: String {
            switch self {
            case .text: "the body"
            case .file(let path): path == "-" ? "standard input" : path
            }
        }
    }

    @Argument(help: "The URL, such as https://host/path.") var url: HTTPURL
    @Option(
        name: [.customShort("X"), .customLong("request")], help: ArgumentHelp("The method.", valueName: "method"))
    var method: Method = .post
    @Option(
        help: ArgumentHelp("A JSON body, sent compact (then --param goes to the query).", valueName: "json"),
        completion: .nothing, transform: HTTPPostCommand.jsonValue)
    var body: JSONValue?
    @Option(
        help: ArgumentHelp(
            "A JSON body as given, or @FILE, with Content-Type and Accept application/json (curl's --json).",
            valueName: "json"),
        transform: HTTPPostCommand.jsonSource)
    var json: BodySource?
    @Option(
        name: [.customShort("d"), .customLong("data")],
        help: ArgumentHelp("A body as given, or @FILE, as a form (curl's --data).", valueName: "data"),
        transform: { BodySource($0) })
    var data: BodySource?
    @OptionGroup var request: HTTPRequestOptions

    func validate() throws {
        let given = [body != nil ? "--body" : nil, json != nil ? "--json" : nil, data != nil ? "--data" : nil]
            .compactMap { $0 }
        if given.count > 1 {
            throw ValidationError("\(given.joined(separator: " and ")) each give the body; use one of them")
        }
    }

    /// `--body`'s value: valid JSON.
    static func jsonValue(_ text: String) throws -> JSONValue {
        do {
            return try JSONValue(parsing: text)
        } catch {
            throw ValidationError("--body needs valid JSON: \(error)")
        }
    }

    /// `--json`'s value: `@FILE`, or valid JSON given inline.
    static func jsonSource(_ text: String) throws -> BodySource {
        let source = BodySource(text)
        if case .text = source {
            do {
                _ = try JSONValue(parsing: text)
            } catch {
                throw ValidationError("--json needs valid JSON, or @FILE: \(error)")
            }
        }
        return source
    }

    func run() async throws {
        let terminal = Terminal()
        var body = self.body.map(HTTPBody.json)
        var extraHeaders: [String: String] = [:]
        if let json {
            let bytes = try json.data(terminal)
            do {
                _ = try JSONValue(parsing: bytes)
            } catch {
                throw CommandFailure(oneLine: "\(json.sourceName): not JSON: \(error)")
            }
            body = HTTPBody(data: bytes, contentType: "application/json")
            extraHeaders["Accept"] = "application/json"
        }
        if let data {
            body = HTTPBody(data: try data.data(terminal), contentType: "application/x-www-form-urlencoded")
        }
        try await request.send(
            HTTPMethod(rawValue: method.rawValue), to: url, body: body, extraHeaders: extraHeaders, terminal: terminal)
    }
}
