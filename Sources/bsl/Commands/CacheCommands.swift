import BasicCache
import BasicCore
import BasicFormat
import Foundation

/// `bsl cache`: folder sizes as the settings page shows them, clear and clean.
struct CacheCommands: CommandGroup {
    static let spec = CommandSpec(
        name: "cache",
        abstract: "Measure, clear and clean cache folders.",
        subcommands: [CacheSizeCommand.self, CacheClearCommand.self, CacheCleanCommand.self])

    /// Prints a removal's outcome: `cleared 12 files, 3.4MB freed`.
    static func report(_ summary: FolderCleaner.Summary, verb: String, terminal: Terminal) {
        var line = "\(verb) \(summary.removedFiles) file\(summary.removedFiles == 1 ? "" : "s"), "
        line += "\(ByteCount(summary.freedBytes)) freed"
        if summary.skipped > 0 { line += " (\(summary.skipped) skipped)" }
        terminal.print(line)
    }

    /// A progress callback that draws a bar when standard error is a terminal.
    static func progress(_ terminal: Terminal) -> (@Sendable (FolderCleaner.Progress) -> Void)? {
        guard terminal.isErrorTerminal else { return nil }
        return { terminal.showProgress(done: $0.done, total: $0.total) }
    }
}

/// `bsl cache size PATH… [--bytes] [--allocated] [--json]`
struct CacheSizeCommand: Command {
    static let spec = CommandSpec(
        name: "size",
        abstract: "Print the size of files and folders, a line per path as du does, in the settings page's units.",
        arguments: [.init(name: "path", help: "Files or folders; a missing path is 0B.", isVariadic: true)],
        options: [
            .flag("bytes", help: "Print the exact byte count alone on a line per path."),
            .flag("allocated", help: "Count the blocks the files take on disk instead of their lengths."),
            .flag("json", help: "Print one JSON object."),
        ])

    let paths: [String]
    let bytesOnly: Bool
    let allocated: Bool
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        paths = arguments.arguments("path")
        bytesOnly = arguments.flag("bytes")
        allocated = arguments.flag("allocated")
        json = arguments.flag("json")
        if bytesOnly && json { throw UsageError("--bytes and --json are two different outputs; use one or the other") }
    }

    func run(_ terminal: Terminal) async throws {
        var sizes: [DirectorySize] = []
        for path in paths {
            sizes.append(try await DirectorySize.measure(path))
        }
        let total = sizes.reduce(DirectorySize(), +)
        if json {
            var entries: [JSONValue] = []
            for (path, size) in zip(paths, sizes) {
                var object: JSONObject = ["path": .string(path)]
                for (key, value) in Self.json(size).objectValue ?? [:] { object[key] = value }
                entries.append(.object(object))
            }
            terminal.print(JSONValue.object(["paths": .array(entries), "total": Self.json(total)]).jsonString())
            return
        }
        var lines: [String] = []
        for (path, size) in zip(paths, sizes) {
            lines.append(bytesOnly ? String(count(size)) : "\(ByteCount(count(size)))\t\(path)")
        }
        if paths.count > 1 && !bytesOnly {
            lines.append("\(ByteCount(count(total)))\ttotal")
        }
        terminal.print(lines.joined(separator: "\n"))
    }

    private func count(_ size: DirectorySize) -> UInt64 {
        allocated ? size.allocatedBytes : size.logicalBytes
    }

    static func json(_ size: DirectorySize) -> JSONValue {
        [
            "bytes": .integer(Int64(clamping: size.logicalBytes)),
            "allocated": .integer(Int64(clamping: size.allocatedBytes)),
            "files": .integer(Int64(size.fileCount)),
            "folders": .integer(Int64(size.folderCount)),
            "skipped": .integer(Int64(size.skipped)),
        ]
    }
}

/// `bsl cache clear PATH [--yes]`
struct CacheClearCommand: Command {
    static let spec = CommandSpec(
        name: "clear",
        abstract: "Empty a cache folder and leave it in place (the settings page's \"清除缓存\").",
        arguments: [.init(name: "path", help: "The folder to empty; created when missing.")],
        options: [.flag("yes", short: "y", help: "Do not ask for confirmation on a terminal.")])

    let path: String
    let isConfirmed: Bool

    init(_ arguments: ParsedArguments) throws {
        path = arguments.argument("path") ?? ""
        isConfirmed = arguments.flag("yes")
    }

    func run(_ terminal: Terminal) async throws {
        if !isConfirmed && terminal.isInputTerminal && !terminal.confirm("Remove everything inside \(path)?") {
            throw CommandFailure("nothing removed; pass --yes to clear without asking")
        }
        let summary = try await FolderCleaner.clear(path, progress: CacheCommands.progress(terminal))
        CacheCommands.report(summary, verb: "cleared", terminal: terminal)
    }
}

/// `bsl cache clean PATH --older-than 7d [--by access]`
struct CacheCleanCommand: Command {
    static let spec = CommandSpec(
        name: "clean",
        abstract: "Remove only the files older than an age from a cache folder (SDWebImage's clean).",
        arguments: [.init(name: "path", help: "The folder to clean.")],
        options: [
            .required("older-than", "age", help: "The age: a number with s, m, h or d (7d, SDWebImage's default)."),
            .value("by", "modification|access", help: "Which time of a file counts (default modification)."),
        ])

    let path: String
    let age: TimeInterval
    let kind: FolderCleaner.TimeKind

    init(_ arguments: ParsedArguments) throws {
        path = arguments.argument("path") ?? ""
        age = try Self.parseAge(try arguments.required("older-than"))
        let kindText = arguments.value("by") ?? "modification"
        guard let kind = FolderCleaner.TimeKind(rawValue: kindText) else {
            throw UsageError("the option --by takes modification or access, not '\(kindText)'")
        }
        self.kind = kind
    }

    /// `7d`, `12h`, `30m`, `45s` in seconds.
    static func parseAge(_ text: String) throws -> TimeInterval {
        let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        guard let unit = text.last, let factor = units[unit], let number = Double(text.dropLast()), number >= 0,
            number.isFinite
        else {
            throw UsageError("the option --older-than needs a number with s, m, h or d (such as 7d), not '\(text)'")
        }
        return number * factor
    }

    func run(_ terminal: Terminal) async throws {
        let summary = try await FolderCleaner.clean(
            path, olderThan: age, by: kind, progress: CacheCommands.progress(terminal))
        CacheCommands.report(summary, verb: "cleaned", terminal: terminal)
    }
}
