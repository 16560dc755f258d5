import BasicCLI
import BasicFormat
import BasicNetworking
import CnblogsClient
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `bsl cnblogs login [--client-id ID]`: a token checked and stored sealed in the offline library.
struct CnblogsLoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Store a cnblogs personal access token, checked with one call to the API's users; or, with "
            + "--client-id, a registered client's token.",
        discussion: """
            The token comes from $CNBLOGS_TOKEN or the first line of standard input (never an argument, which \
            others could see); create one at https://account.cnblogs.com/settings/tokens. With --client-id ID \
            the secret comes from $CNBLOGS_CLIENT_SECRET or standard input, and the client-credentials \
            exchange (POST https://oauth.cnblogs.com/connect/token) and the check run as one chain; the token \
            is stored with its expiry and refreshed when it expires. The token is kept sealed (AES-256-GCM) \
            in the offline library's store (--library); commands then read from the token API by default.
            """)

    @Option(
        name: .customLong("client-id"),
        help: ArgumentHelp("A registered client's id: log in with its secret instead of a token.", valueName: "id"),
        completion: .nothing)
    var clientID: String?
    /// Declared only to refuse a token given as an argument without printing it back.
    @Argument(
        help: ArgumentHelp(
            "Refused, so that no token is typed where others can see it: give it in $CNBLOGS_TOKEN or on standard "
                + "input."),
        completion: .nothing)
    var token: String?
    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions

    func validate() throws {
        if token != nil {
            throw ValidationError(
                "login takes no token on the command line, where others could see it: set CNBLOGS_TOKEN or give it "
                    + "on the first line of standard input (and revoke the one typed, if it was real)")
        }
        if let clientID, clientID.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--client-id needs the client's id")
        }
    }

    func run() async throws {
        let terminal = Terminal()
        if clientID != nil, options.transport.replay != nil {
            // Recordings leave the exchange out (its answer is a token): no cassette can answer it.
            throw CommandFailure(
                oneLine: "login --client-id cannot be replayed: no cassette holds the token exchange (POST "
                    + "connect/token), which is never recorded because its answer is a token; log in live, or "
                    + "replay a personal access token's login (CNBLOGS_TOKEN=… bsl cnblogs login --replay DIR)")
        }
        let variable = clientID == nil ? "CNBLOGS_TOKEN" : "CNBLOGS_CLIENT_SECRET"
        let what = clientID == nil ? "personal access token" : "client secret"
        let secret = try CnblogsSecretInput.read(variable: variable, what: what, terminal)
        let client = try options.makeClient(credential: .nothing)
        // The library first: a folder that cannot hold the token fails before any network work.
        let library = try CnblogsReading.openLibrary(options.libraryFolder, client: client)
        let clientID = clientID?.trimmingCharacters(in: .whitespaces)
        let login = try await options.load(with: client) { client throws(CnblogsError) in
            if let clientID { return try await client.logIn(clientID: clientID, clientSecret: secret) }
            return try await client.logIn(personalAccessToken: secret)
        }
        do {
            try library.credentials.save(login.credential)
        } catch {
            throw CommandFailure(oneLine: error.description)
        }
        if options.json {
            return try JSONOutput.print(CnblogsAccount(login.credential, user: login.user, library: library), terminal)
        }
        terminal.print(
            "logged in as \(CnblogsAccount.name(of: login.user)) with a \(CnblogsAccount.kind(of: login.credential)); "
                + "stored sealed in \(library.folder.path)")
        terminal.printError("commands now read from the token API; `--source site` reads the feeds and pages")
    }
}

/// `bsl cnblogs logout`: the stored token removed.
struct CnblogsLogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "Remove the stored cnblogs token from the offline library.")

    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions

    func run() async throws {
        let terminal = Terminal()
        let folder = options.libraryFolder
        let removed: Bool
        do {
            if try OfflineLibrary.exists(at: folder) {
                removed = try OfflineLibrary(folder: folder, creating: false).credentials.remove()
            } else {
                removed = false
            }
        } catch {
            throw CommandFailure(oneLine: error.description)
        }
        terminal.print(
            removed ? "logged out: the token was removed from \(folder.path)" : "no token is stored in \(folder.path)")
        if let token = ProcessInfo.processInfo.environment["CNBLOGS_TOKEN"], !token.isEmpty {
            terminal.printError(
                "note: $CNBLOGS_TOKEN is set, and commands still use it; unset it to read without a token")
        }
    }
}

/// `bsl cnblogs whoami`: the signed-in user (one call), and the source of each command.
struct CnblogsWhoamiCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami",
        abstract: "Who the token belongs to (one call to the API's users), and which source each command uses.")

    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions

    func run() async throws {
        let choice = options.credentialChoice()
        guard let credential = choice.credential else {
            let reason =
                choice.problem.map { "the stored token cannot be read (\($0))" } ?? "no cnblogs token is stored"
            throw CommandFailure(
                "\(reason) or in $CNBLOGS_TOKEN: create a personal access token at "
                    + "https://account.cnblogs.com/settings/tokens and run `bsl cnblogs login`")
        }
        let client = try options.makeClient(credential: choice)
        let user = try await options.load(with: client) { client throws(CnblogsError) in
            try await client.currentUser()
        }
        var status = CnblogsStatus(options: options, choice: choice)
        status.user = CnblogsAccount(credential, user: user, library: nil)
        if options.json { return try JSONOutput.print(status, Terminal()) }
        Terminal().print(
            "\(CnblogsAccount.name(of: user)), with a \(CnblogsAccount.kind(of: credential)) \(choice.originText)")
        Terminal().print(status.table())
    }
}

/// `bsl cnblogs status`: the credential, and which source each command uses; no network.
struct CnblogsStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Whether a token is stored, and which source each command reads from (no network).")

    @OptionGroup(title: "Cnblogs options") var options: CnblogsOptions

    func run() async throws {
        let choice = options.credentialChoice()
        let status = CnblogsStatus(options: options, choice: choice)
        if options.json { return try JSONOutput.print(status, Terminal()) }
        if let problem = choice.problem {
            Terminal().printError("warning: the stored cnblogs token cannot be read (\(problem))")
        }
        let token =
            choice.credential.map { "token: \(CnblogsAccount.kind(of: $0)) \(choice.originText)" }
            ?? "token: none (`bsl cnblogs login` stores one)"
        Terminal().print(token)
        Terminal().print(status.table())
    }
}

/// A secret read from the environment or standard input, never from the command line.
enum CnblogsSecretInput {
    /// `$variable`, else the first line of standard input (asked for, without echo, on a terminal).
    ///
    /// - Throws: ``CommandFailure`` when neither has it.
    static func read(variable: String, what: String, _ terminal: Terminal) throws -> Secret {
        if let value = ProcessInfo.processInfo.environment[variable]?.trimmingCharacters(in: .whitespacesAndNewlines),
            !value.isEmpty
        {
            return Secret(value)
        }
        let line: String?
        if terminal.isInputTerminal {
            FileHandle.standardError.write(Data("cnblogs \(what) (not shown): ".utf8))
            line = withoutEcho { readLine(strippingNewline: true) }
            FileHandle.standardError.write(Data("\n".utf8))
        } else {
            line = readLine(strippingNewline: true)
        }
        guard let text = line?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else {
            throw CommandFailure(
                "no \(what): set \(variable) or give it on the first line of standard input "
                    + "(create a token at https://account.cnblogs.com/settings/tokens)")
        }
        return Secret(text)
    }

    /// Runs `body` with the terminal's echo off, restoring it after.
    private static func withoutEcho<T>(_ body: () -> T) -> T {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return body() }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &silent)
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        return body()
    }
}

/// Who is logged in, as `login --json` and `whoami --json` print it: never the token.
struct CnblogsAccount: Encodable {
    var user: CnblogsUser
    var credential: String
    var expires: Date?
    var library: String?

    init(_ credential: CnblogsCredential, user: CnblogsUser, library: OfflineLibrary?) {
        self.user = user
        self.credential = Self.kind(of: credential)
        if case .clientCredentials(let client) = credential { expires = client.expiresAt }
        self.library = library?.folder.path
    }

    /// `南山行者 (nanshan-walker)`.
    static func name(of user: CnblogsUser) -> String {
        user.blogapp.map { "\(user.displayName) (\($0))" } ?? user.displayName
    }

    /// `personal access token`, `client token for ID (expires …)`.
    static func kind(of credential: CnblogsCredential) -> String {
        switch credential {
        case .personalAccessToken: return "personal access token"
        case .clientCredentials(let client):
            let expiry = client.expiresAt.map { " (expires \(TimeFormatter.rfc3339String(from: $0)))" } ?? ""
            return "client token for \(client.clientID)\(expiry)"
        }
    }
}
