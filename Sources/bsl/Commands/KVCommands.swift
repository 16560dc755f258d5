import BasicCore
import BasicStore
import Foundation

/// `bsl kv`: an encrypted key-value store file, from the command line.
struct KVCommands: CommandGroup {
    static let spec = CommandSpec(
        name: "kv",
        abstract: "Read and write an encrypted key-value store (BasicStore).",
        discussion: """
            The passphrase comes from the environment variable BSL_PASSPHRASE, or from the first
            line of standard input with --passphrase-stdin; never from an argument. rekey takes
            the new one from BSL_NEW_PASSPHRASE, or the second line of standard input.
            Options go before the command: bsl kv --db app.store --collection settings get token
            """,
        options: [
            .value("db", "file", help: "The store file (created by set when missing)."),
            .value("collection", "name", help: "The collection (default: \(KeyValueStore.defaultCollection))."),
            .flag("passphrase-stdin", help: "Read the passphrase (and rekey's new one) from standard input."),
            .value(
                "iterations", "count",
                help: "PBKDF2 iterations for a new store or passphrase (default \(StoreKey.defaultIterations))."),
        ],
        subcommands: [
            KVSetCommand.self, KVGetCommand.self, KVRemoveCommand.self, KVKeysCommand.self, KVCountCommand.self,
            KVRekeyCommand.self,
        ])
}

/// What every `bsl kv` command needs: the file, the collection, and the passphrases.
struct KVContext: Sendable {
    let path: String
    let collection: String
    let readsStandardInput: Bool
    let iterations: Int

    init(_ arguments: ParsedArguments) throws {
        guard let path = arguments.value("db") else {
            throw UsageError("missing the option --db <file> (before the command: bsl kv --db FILE get KEY)")
        }
        self.path = path
        collection = arguments.value("collection") ?? KeyValueStore.defaultCollection
        readsStandardInput = arguments.flag("passphrase-stdin")
        let iterations = try arguments.int("iterations") ?? StoreKey.defaultIterations
        guard iterations >= 1 else { throw UsageError("the option --iterations needs a count of 1 or more") }
        self.iterations = iterations
    }

    /// The passphrase (`second` false) or rekey's new one (`second` true).
    func passphrase(second: Bool = false, lines: [String]) throws -> String {
        let variable = second ? "BSL_NEW_PASSPHRASE" : "BSL_PASSPHRASE"
        let passphrase: String?
        if readsStandardInput {
            passphrase = lines.count > (second ? 1 : 0) ? lines[second ? 1 : 0] : nil
        } else {
            passphrase = ProcessInfo.processInfo.environment[variable]
        }
        guard let passphrase, !passphrase.isEmpty else {
            let line = second ? "second" : "first"
            throw CommandFailure(
                readsStandardInput
                    ? "no \(second ? "new " : "")passphrase on the \(line) line of standard input"
                    : "no \(second ? "new " : "")passphrase: set \(variable), or pass --passphrase-stdin")
        }
        return passphrase
    }

    /// The lines of standard input that hold passphrases (none without --passphrase-stdin).
    func standardInputLines(count: Int) -> [String] {
        guard readsStandardInput else { return [] }
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
                path: path, key: .passphrase(passphrase, iterations: iterations),
                configuration: .init(mode: access == .read ? .readOnly : .readWrite))
        } catch StoreError.wrongKey {
            throw CommandFailure("wrong passphrase for the store \(path)")
        }
    }
}

/// `bsl kv set KEY VALUE`
struct KVSetCommand: Command {
    static let spec = CommandSpec(
        name: "set",
        abstract: "Store a value under a key: VALUE is JSON when it parses, else a string.",
        arguments: [
            .init(name: "key", help: "The key."),
            .init(
                name: "value", help: "The value: JSON (42, true, {\"a\":1}, \"text\"), or any other text as a string."),
        ])

    let context: KVContext
    let key: String
    let value: JSONValue

    init(_ arguments: ParsedArguments) throws {
        context = try KVContext(arguments)
        key = arguments.argument("key") ?? ""
        let text = arguments.argument("value") ?? ""
        value = (try? JSONValue(parsing: text)) ?? .string(text)
    }

    func run(_ terminal: Terminal) async throws {
        let store = try context.open(.create, lines: context.standardInputLines(count: 1))
        try store.set(value, forKey: key, in: context.collection)
    }
}

/// `bsl kv get KEY`
struct KVGetCommand: Command {
    static let spec = CommandSpec(
        name: "get",
        abstract: "Print the value under a key: strings raw, anything else as JSON.",
        arguments: [.init(name: "key", help: "The key.")],
        options: [.flag("pretty", help: "Print arrays and objects indented.")])

    let context: KVContext
    let key: String
    let style: JSONRenderingStyle

    init(_ arguments: ParsedArguments) throws {
        context = try KVContext(arguments)
        key = arguments.argument("key") ?? ""
        style = arguments.flag("pretty") ? .pretty : .compact
    }

    func run(_ terminal: Terminal) async throws {
        let store = try context.open(.read, lines: context.standardInputLines(count: 1))
        guard let value = try store.json(forKey: key, in: context.collection) else {
            throw CommandFailure("no value for \(key)")
        }
        if case .string(let string) = value {
            terminal.print(string)
        } else {
            terminal.print(value.jsonString(style))
        }
    }
}

/// `bsl kv remove KEY`
struct KVRemoveCommand: Command {
    static let spec = CommandSpec(
        name: "remove",
        abstract: "Remove the value under a key (exit 1 when there is none).",
        arguments: [.init(name: "key", help: "The key.")])

    let context: KVContext
    let key: String

    init(_ arguments: ParsedArguments) throws {
        context = try KVContext(arguments)
        key = arguments.argument("key") ?? ""
    }

    func run(_ terminal: Terminal) async throws {
        let store = try context.open(.write, lines: context.standardInputLines(count: 1))
        guard try store.remove(forKey: key, in: context.collection) else {
            throw CommandFailure("no value for \(key)")
        }
    }
}

/// `bsl kv keys`
struct KVKeysCommand: Command {
    static let spec = CommandSpec(name: "keys", abstract: "Print the keys of the collection, one a line, sorted.")

    let context: KVContext

    init(_ arguments: ParsedArguments) throws {
        context = try KVContext(arguments)
    }

    func run(_ terminal: Terminal) async throws {
        let store = try context.open(.read, lines: context.standardInputLines(count: 1))
        for key in try store.keys(in: context.collection) { terminal.print(key) }
    }
}

/// `bsl kv count`
struct KVCountCommand: Command {
    static let spec = CommandSpec(name: "count", abstract: "Print the number of values in the collection.")

    let context: KVContext

    init(_ arguments: ParsedArguments) throws {
        context = try KVContext(arguments)
    }

    func run(_ terminal: Terminal) async throws {
        let store = try context.open(.read, lines: context.standardInputLines(count: 1))
        terminal.print(String(try store.count(in: context.collection)))
    }
}

/// `bsl kv rekey`
struct KVRekeyCommand: Command {
    static let spec = CommandSpec(
        name: "rekey",
        abstract: "Re-encrypt every value under a new passphrase, in one transaction.",
        discussion: "The new passphrase comes from BSL_NEW_PASSPHRASE, or the second line of standard input.")

    let context: KVContext

    init(_ arguments: ParsedArguments) throws {
        context = try KVContext(arguments)
    }

    func run(_ terminal: Terminal) async throws {
        let lines = context.standardInputLines(count: 2)
        let newPassphrase = try context.passphrase(second: true, lines: lines)
        let store = try context.open(.write, lines: lines)
        try store.changePassphrase(to: newPassphrase, iterations: context.iterations)
    }
}
