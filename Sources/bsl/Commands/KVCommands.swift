import BasicCLI
import BasicCore
import BasicStore
import Foundation

/// `bsl kv`: an encrypted key-value store file, from the command line.
struct KVCommands: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kv",
        abstract: "Read and write an encrypted key-value store (BasicStore).",
        discussion: """
            The passphrase comes from the environment variable BSL_PASSPHRASE, or from the first \
            line of standard input with --passphrase-stdin; never from an argument. rekey takes \
            the new one from BSL_NEW_PASSPHRASE, or the second line of standard input.
            The store options go before or after the command: bsl kv --db app.store get token, \
            or bsl kv get token --db app.store.
            """,
        subcommands: [
            KVSetCommand.self, KVGetCommand.self, KVRemoveCommand.self, KVKeysCommand.self, KVCountCommand.self,
            KVRekeyCommand.self,
        ])

    @OptionGroup(title: "Store options") var store: KVOptions
}

/// What every `bsl kv` command needs: the file, the collection, and the passphrases.
struct KVOptions: ParsableArguments {
    /// The most PBKDF2 iterations: about 16 times the default of 600,000, some 2.4 s of derivation
    /// (600,000 took 0.142 s in a release build here); more only makes opening the store slow.
    static let maximumIterations = 10_000_000

    @Option(help: ArgumentHelp("The store file (created by set when missing).", valueName: "file"))
    var db: String?
    @Option(help: ArgumentHelp("The collection.", valueName: "name"), completion: .nothing)
    var collection = KeyValueStore.defaultCollection
    @Flag(help: "Read the passphrase (and rekey's new one) from standard input.") var passphraseStdin = false
    @Option(
        help: ArgumentHelp("PBKDF2 iterations for a new store or passphrase, 1 to 10000000.", valueName: "count"))
    var iterations = StoreKey.defaultIterations

    func validate() throws {
        guard db != nil else {
            throw ValidationError("missing the option --db <file> (bsl kv --db FILE get KEY)")
        }
        guard (1...Self.maximumIterations).contains(iterations) else {
            throw ValidationError(
                "the option --iterations takes 1 to \(Self.maximumIterations) (PBKDF2 rounds), not \(iterations)")
        }
    }

    /// The store file; `validate()` has made sure there is one.
    var path: String { db ?? "" }

    /// The passphrase (`second` false) or rekey's new one (`second` true).
    func passphrase(second: Bool = false, lines: [String]) throws -> String {
        let variable = second ? "BSL_NEW_PASSPHRASE" : "BSL_PASSPHRASE"
        let passphrase: String?
        if passphraseStdin {
            passphrase = lines.count > (second ? 1 : 0) ? lines[second ? 1 : 0] : nil
        } else {
            passphrase = ProcessInfo.processInfo.environment[variable]
        }
        guard let passphrase, !passphrase.isEmpty else {
            let line = second ? "second" : "first"
            throw CommandFailure(
                passphraseStdin
                    ? "no \(second ? "new " : "")passphrase on the \(line) line of standard input"
                    : "no \(second ? "new " : "")passphrase: set \(variable), or pass --passphrase-stdin")
        }
        return passphrase
    }

    /// The lines of standard input that hold passphrases (none without --passphrase-stdin).
    func standardInputLines(count: Int) -> [String] {
        guard passphraseStdin else { return [] }
        return (0..<count).compactMap { _ in readLine(strippingNewline: true) }
    }

    /// How a command opens the store.
    enum Access {
        /// Read and write, making the store when the file is missing (`set`).
        case create
        /// Read and write an existing store (`remove`, `rekey`).
        case write
        /// Only read an existing store, writing nothing (`get`, `keys`, `count`): this works in
        /// a read-only folder and on a full disk.
        case read
    }

    /// Opens the store for `access`; a missing file is refused unless `access` is `.create`.
    func open(_ access: Access, lines: [String]) throws -> KeyValueStore {
        // lstat, so that a dangling symbolic link is not taken for a missing store.
        var status = stat()
        if access != .create, lstat(path, &status) != 0, errno == ENOENT {
            throw CommandFailure("no store at \(path)")
        }
        let passphrase = try passphrase(lines: lines)
        do {
            return try KeyValueStore(
                at: URL(fileURLWithPath: path), key: .passphrase(passphrase, iterations: iterations),
                configuration: .init(mode: access == .read ? .readOnly : .readWrite))
        } catch StoreError.wrongKey {
            throw CommandFailure("wrong passphrase for the store \(path)")
        }
    }
}

/// `bsl kv set KEY VALUE`
struct KVSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Store a value under a key: VALUE is JSON when it parses, else a string.")

    @OptionGroup(title: "Store options") var store: KVOptions
    @Argument(help: "The key.", completion: .nothing) var key: String
    @Argument(
        help: "The value: JSON (42, true, {\"a\":1}, \"text\"), or any other text as a string.", completion: .nothing)
    var value: String

    func run() async throws {
        let database = try store.open(.create, lines: store.standardInputLines(count: 1))
        try database.set(JSONCommands.value(value), forKey: key, in: store.collection)
    }
}

/// `bsl kv get KEY`
struct KVGetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", abstract: "Print the value under a key: strings raw, anything else as JSON.")

    @OptionGroup(title: "Store options") var store: KVOptions
    @Argument(help: "The key.", completion: .nothing) var key: String
    @Flag(help: "Print arrays and objects indented.") var pretty = false

    func run() async throws {
        let terminal = Terminal()
        let database = try store.open(.read, lines: store.standardInputLines(count: 1))
        guard let value = try database.json(forKey: key, in: store.collection) else {
            throw CommandFailure("no value for \(key)")
        }
        if case .string(let string) = value {
            terminal.print(string)
        } else {
            terminal.print(value.jsonString(pretty ? .pretty : .compact))
        }
    }
}

/// `bsl kv remove KEY`
struct KVRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove the value under a key (exit 1 when there is none).")

    @OptionGroup(title: "Store options") var store: KVOptions
    @Argument(help: "The key.", completion: .nothing) var key: String

    func run() async throws {
        let database = try store.open(.write, lines: store.standardInputLines(count: 1))
        guard try database.remove(forKey: key, in: store.collection) else {
            throw CommandFailure("no value for \(key)")
        }
    }
}

/// `bsl kv keys`
struct KVKeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys", abstract: "Print the keys of the collection, one a line, sorted.")

    @OptionGroup(title: "Store options") var store: KVOptions

    func run() async throws {
        let terminal = Terminal()
        let database = try store.open(.read, lines: store.standardInputLines(count: 1))
        for key in try database.keys(in: store.collection) { terminal.print(key) }
    }
}

/// `bsl kv count`
struct KVCountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "count", abstract: "Print the number of values in the collection.")

    @OptionGroup(title: "Store options") var store: KVOptions

    func run() async throws {
        let database = try store.open(.read, lines: store.standardInputLines(count: 1))
        Terminal().print(String(try database.count(in: store.collection)))
    }
}

/// `bsl kv rekey`
struct KVRekeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rekey",
        abstract: "Re-encrypt every value under a new passphrase, in one transaction.",
        discussion: "The new passphrase comes from BSL_NEW_PASSPHRASE, or the second line of standard input.")

    @OptionGroup(title: "Store options") var store: KVOptions

    func run() async throws {
        let lines = store.standardInputLines(count: 2)
        let newPassphrase = try store.passphrase(second: true, lines: lines)
        let database = try store.open(.write, lines: lines)
        try database.changePassphrase(to: newPassphrase, iterations: store.iterations)
    }
}
