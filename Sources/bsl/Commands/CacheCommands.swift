import BasicCLI
import BasicCache
import BasicCore
import BasicFormat
import Foundation

/// `bsl cache`: folder sizes as the settings page shows them, clear and clean.
struct CacheCommands: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Measure, clear and clean cache folders.",
        subcommands: [CacheSizeCommand.self, CacheClearCommand.self, CacheCleanCommand.self])

    /// Prints a removal's outcome, `cleared 12 files, 3.4MB freed`, and the mount points left alone.
    static func report(_ summary: FolderCleaner.Summary, verb: String, terminal: Terminal) {
        var line = "\(verb) \(files(summary.removedFiles)), \(ByteCount(summary.freedBytes)) freed"
        if summary.skipped > 0 { line += " (\(summary.skipped) skipped)" }
        terminal.print(line)
        reportMountPoints(summary, terminal: terminal)
    }

    /// Prints a dry run's outcome: `would clear 3 files, 12.3MB (12348177 bytes); nothing was removed`.
    static func reportDryRun(_ summary: FolderCleaner.Summary, verb: String, terminal: Terminal) {
        var line = "would \(verb) \(files(summary.removedFiles)), \(ByteCount(summary.freedBytes))"
        line += " (\(summary.freedBytes) bytes)"
        if summary.skipped > 0 { line += " (\(summary.skipped) unreadable, skipped)" }
        terminal.print(line + "; nothing was removed")
        reportMountPoints(summary, terminal: terminal)
    }

    private static func reportMountPoints(_ summary: FolderCleaner.Summary, terminal: Terminal) {
        for mountPoint in summary.mountPoints.sorted() {
            terminal.print("left alone: \(mountPoint) (a mount point: another file system is mounted there)")
        }
    }

    /// Prints each removal of a dry run: its path, a folder's with a slash at the end.
    static func listing(_ terminal: Terminal) -> @Sendable (FolderCleaner.Removal) -> Void {
        { terminal.print($0.isFolder ? $0.path + "/" : $0.path) }
    }

    /// `1 file`, `3 files`.
    static func files(_ count: Int) -> String {
        "\(count) file\(count == 1 ? "" : "s")"
    }

    /// Demands `--yes` when there is no terminal to ask on.
    ///
    /// - Throws: `ValidationError` when standard input is not a terminal.
    static func requireTerminal(for command: String, _ terminal: Terminal) throws {
        guard terminal.isInputTerminal else {
            throw ValidationError(
                "\(command) removes files and standard input is not a terminal to ask on; "
                    + "pass --yes to go ahead, or --dry-run to see what would go")
        }
    }

    /// Asks `question` on the terminal.
    ///
    /// - Throws: ``CommandFailure`` unless the answer is yes.
    static func ask(_ question: String, _ terminal: Terminal) throws {
        guard terminal.confirm(question) else { throw CommandFailure("nothing removed") }
    }

    /// `/tmp/x/cache`, with its real path when that differs: `cache (/tmp/x/cache)`.
    static func shown(_ path: String, resolved: String) -> String {
        path == resolved ? path : "\(path) (\(resolved))"
    }

    /// What clearing `path` would take, on its own file system: `12.3MB in 3 files`, and the
    /// mount points that would be left alone.
    static func contents(of path: String) async throws -> String {
        let plan = try await FolderCleaner.clear(URL(fileURLWithPath: path), dryRun: true)
        var text = "\(ByteCount(plan.freedBytes)) in \(files(plan.removedFiles))"
        if !plan.mountPoints.isEmpty {
            text += "; \(plan.mountPoints.count) mount point\(plan.mountPoints.count == 1 ? "" : "s") left alone"
        }
        return text
    }

    /// A progress callback that draws a bar when standard error is a terminal.
    static func progress(_ terminal: Terminal) -> (@Sendable (FolderCleaner.Progress) -> Void)? {
        guard terminal.isErrorTerminal else { return nil }
        return { terminal.showProgress(done: $0.done, total: $0.total) }
    }
}

/// `bsl cache size PATH… [--bytes] [--allocated] [--json]`
struct CacheSizeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "size",
        abstract: "Print the size of files and folders, a line per path as du does, in the settings page's units.")

    @Argument(help: ArgumentHelp("Files or folders; a missing path is 0B.", valueName: "path")) var paths: [String]
    @Flag(help: "Print the exact byte count alone on a line per path.") var bytes = false
    @Flag(help: "Count the blocks the files take on disk instead of their lengths.") var allocated = false
    @Flag(help: "Print one JSON object.") var json = false

    func validate() throws {
        if bytes && json { throw ValidationError("--bytes and --json are two different outputs; use one or the other") }
    }

    func run() async throws {
        let terminal = Terminal()
        var sizes: [DirectorySize] = []
        for path in paths {
            sizes.append(try await DirectorySize.measure(URL(fileURLWithPath: path)))
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
            lines.append(bytes ? String(count(size)) : "\(ByteCount(count(size)))\t\(path)")
        }
        if paths.count > 1 && !bytes {
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

/// `bsl cache clear PATH [--yes] [--dry-run]`
struct CacheClearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Empty a cache folder and leave it in place (the settings page's \"清除缓存\").",
        discussion: """
            The folder must exist. /, your home folder and the folders that hold it, and system folders \
            (/etc, /usr, /var, ...) are refused, also through symlinks and bind mounts. Mount points inside \
            are left alone and named; symlinks are removed, never followed. On a terminal it asks first; \
            otherwise pass --yes.
            """)

    @Argument(help: "The folder to empty; it must exist.", completion: .directory) var path: String
    @Flag(name: .shortAndLong, help: "Clear without asking (needed when standard input is not a terminal).")
    var yes = false
    @Flag(help: "List what would go, a path a line, and the total bytes; remove nothing.") var dryRun = false

    func run() async throws {
        let terminal = Terminal()
        if dryRun {
            let summary = try await FolderCleaner.clear(
                URL(fileURLWithPath: path), dryRun: true, removing: CacheCommands.listing(terminal))
            CacheCommands.reportDryRun(summary, verb: "clear", terminal: terminal)
            return
        }
        // Refusals and a missing folder come before any question.
        let resolved = try DeletionPolicy.current.checkedFolder(path, for: .clear)
        if !yes {
            try CacheCommands.requireTerminal(for: "clear", terminal)
            let contents = try await CacheCommands.contents(of: path)
            try CacheCommands.ask(
                "Remove everything inside \(CacheCommands.shown(path, resolved: resolved)) (\(contents))?", terminal)
        }
        let summary = try await FolderCleaner.clear(
            URL(fileURLWithPath: path), progress: CacheCommands.progress(terminal))
        CacheCommands.report(summary, verb: "cleared", terminal: terminal)
    }
}

/// `bsl cache clean PATH --older-than 7d [--by access] [--yes] [--dry-run]`
struct CacheCleanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clean",
        abstract: "Remove only the files older than an age from a cache folder (SDWebImage's clean).",
        discussion: """
            The folder must exist, and the folders that clear refuses are refused here too. On a terminal \
            it asks first, saying what would go; otherwise pass --yes.
            """)

    /// An age as typed (`7d`) and in seconds.
    struct Age: Sendable {
        /// The longest age: 100 years (36,500 days), so that `now - age` stays a date.
        static let maximumSeconds: TimeInterval = 36_500 * 86_400

        let text: String
        let seconds: TimeInterval

        /// `7d`, `12h`, `30m`, `45s`: a number of 0 or more and a unit, at most 100 years.
        ///
        /// - Throws: `ValidationError` for anything else.
        init(_ text: String) throws {
            let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
            guard let unit = text.last, let factor = units[unit], let number = Double(text.dropLast()), number >= 0,
                number.isFinite
            else {
                throw ValidationError(
                    "the option --older-than needs a number with s, m, h or d (such as 7d), not '\(text)'")
            }
            guard number * factor <= Self.maximumSeconds else {
                throw ValidationError("the option --older-than takes at most 100 years (36500d), not '\(text)'")
            }
            self.text = text
            seconds = number * factor
        }
    }

    /// Which time of a file counts.
    enum TimeKind: String, CaseIterable, ExpressibleByArgument {
        case modification, access

        var cleanerKind: FolderCleaner.TimeKind {
            switch self {
            case .modification: .modification
            case .access: .access
            }
        }
    }

    @Argument(help: "The folder to clean; it must exist.", completion: .directory) var path: String
    @Option(
        name: .customLong("older-than"),
        help: ArgumentHelp(
            "The age: a number with s, m, h or d (7d, SDWebImage's default), at most 100 years.", valueName: "age"),
        completion: .nothing, transform: { try Age($0) })
    var age: Age
    @Option(help: ArgumentHelp("Which time of a file counts.", valueName: "time")) var by: TimeKind = .modification
    @Flag(name: .shortAndLong, help: "Clean without asking (needed when standard input is not a terminal).")
    var yes = false
    @Flag(help: "List the files that would go, a path a line, and the total bytes; remove nothing.") var dryRun = false

    func run() async throws {
        let terminal = Terminal()
        let now = Date()
        let kind = by.cleanerKind
        if dryRun {
            let summary = try await FolderCleaner.clean(
                URL(fileURLWithPath: path), olderThan: age.seconds, by: kind, now: now, dryRun: true,
                removing: CacheCommands.listing(terminal))
            CacheCommands.reportDryRun(summary, verb: "clean", terminal: terminal)
            return
        }
        // Refusals and a missing folder come before any question.
        let resolved = try DeletionPolicy.current.checkedFolder(path, for: .clean)
        if !yes {
            try CacheCommands.requireTerminal(for: "clean", terminal)
            let plan = try await FolderCleaner.clean(
                URL(fileURLWithPath: path), olderThan: age.seconds, by: kind, now: now, dryRun: true)
            guard plan.removedFiles > 0 else {
                CacheCommands.report(plan, verb: "cleaned", terminal: terminal)  // nothing to ask about
                return
            }
            let contents = try await CacheCommands.contents(of: path)
            try CacheCommands.ask(
                "Remove \(CacheCommands.files(plan.removedFiles)) (\(ByteCount(plan.freedBytes))) "
                    + "\(kind == .access ? "not read for" : "older than") \(age.text) "
                    + "from \(CacheCommands.shown(path, resolved: resolved)), which holds \(contents)?",
                terminal)
        }
        let summary = try await FolderCleaner.clean(
            URL(fileURLWithPath: path), olderThan: age.seconds, by: kind, now: now,
            progress: CacheCommands.progress(terminal))
        CacheCommands.report(summary, verb: "cleaned", terminal: terminal)
    }
}
