import BasicFormat
import BasicTerminal
import CnblogsClient
import Foundation
import ReaderApp
import TestSupport

/// `bsl-bench reader`: the interactive reader's two costs a person feels.
///
/// - Start to the first drawn list: a real `bsl reader --replay Samples/cnblogs-today` (the
///   release build beside bsl-bench, or `--bsl PATH`) in a detached tmux session of 80×24 on a
///   socket of its own, timed from just before the session is asked for to the first
///   `capture-pane` that shows the 首页 list (the tab bar and a selected entry). The peer is
///   Debian's `newsboat` in the same harness, up to its feed list showing the feed's title: cold
///   (an empty cache, `refresh-on-startup`, the same recorded 首页 feed read from a `file://` URL:
///   read, parsed, stored, drawn), and warm (from the cache an untimed reload filled). The
///   harness's own floor (a shell that prints two lines) is timed the same way.
/// - One redraw of a 200-entry list at 80×24, in process: a `j` through `ReaderModel.handle`,
///   `ReaderModel.render()` and `ScreenRenderer.render(_:)`, for every entry down the list; the
///   time of each part and the bytes a redraw writes, apart for a move inside the rows shown and
///   a scroll, and the full first draw for contrast; once with every time relative (`3分钟前`) and
///   once with every time a date (`03-12 10:35`, as the recording reads on any later day).
struct ReaderSuite {
    var repetitions = 10
    var entries = 200
    var passes = 20
    var skipsPeer = false
    var bsl: String?

    init(arguments: [String]) throws {
        var rest = arguments[...]
        let usage = "usage: bsl-bench reader [--repetitions N] [--entries N] [--passes N] [--bsl PATH] [--skip-peer]"
        while let option = rest.popFirst() {
            switch option {
            case "--skip-peer": skipsPeer = true
            case "--bsl":
                guard let path = rest.popFirst() else { throw BenchError(usage) }
                bsl = path
            case "--repetitions", "--entries", "--passes":
                guard let value = rest.popFirst().flatMap(Int.init), value > 0 else { throw BenchError(usage) }
                if option == "--repetitions" { repetitions = value }
                if option == "--entries" { entries = max(value, 2) }
                if option == "--passes" { passes = value }
            default: throw BenchError("unknown option \(option); \(usage)")
            }
        }
    }

    static let newsboat = "/usr/bin/newsboat"
    static let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static let sample = Bench.peersFolder.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Samples/cnblogs-today")

    func run() async throws {
        print(
            "one redraw of a \(entries)-entry list at 80×24, in process: a j through ReaderModel.handle(_:), render() "
                + "and ScreenRenderer.render(_:), from the first entry to the last, \(passes) passes; median (p10–p90)\n"
        )
        print("| times shown | case | redraws a pass | whole redraw | handle(j) | render() | diff | bytes written |")
        print("|---|---|---|---|---|---|---|---|")
        for times in TimeMix.allCases {
            let redraw = redrawFigures(times)
            for (name, samples) in [
                ("a move inside the rows shown", redraw.moves), ("a scroll by a line", redraw.scrolls),
                ("the full first draw, for contrast", redraw.first),
            ] {
                print(
                    "| \(times.rawValue) | \(name) | \(samples.count / passes) | \(Self.spread(samples.map(\.total))) | "
                        + "\(samples.contains { $0.handle > 0 } ? Self.spread(samples.map(\.handle)) : "—") | "
                        + "\(Self.spread(samples.map(\.render))) | "
                        + "\(Self.spread(samples.map(\.diff))) | \(Self.median(samples.map(\.bytes)).formatted()) |")
            }
        }
        let (relative, dated) = Self.timeFormatterCalls()
        print(
            "\nof it, TimeFormatter.relativeString(for:) a call (median of 5 × 1,000): \(Bench.format(relative)) for "
                + "3分钟前, \(Bench.format(dated)) for a date two days old (MM-dd HH:mm, through string(from:pattern:), "
                + "written without a DateFormatter since 2026-12-01: it made one a call, 424–620 µs); 21 rows show at "
                + "80×24")

        guard let tmux = Self.tmux else {
            throw BenchError("tmux is missing, so there is no terminal to time the start in; apt-get install tmux")
        }
        let bsl = try bslPath()
        let peer = !skipsPeer && FileManager.default.isExecutableFile(atPath: Self.newsboat)
        if !skipsPeer && !peer {
            print(
                "\nwarning: \(Self.newsboat) is missing (apt-get install newsboat): the start is timed without a peer")
        }
        let (repetitions, sample) = (repetitions, Self.sample)
        let starts = try await onOwnThread {
            Result {
                try Self.measureStarts(tmux: tmux, bsl: bsl, peer: peer, repetitions: repetitions, sample: sample)
            }
        }.get()
        let (ours, cold, warmTimes, floor) = (starts.ours, starts.cold, starts.warm, starts.floor)
        print(
            "\nstart to the first drawn list, in tmux at 80×24 (\(repetitions) runs; the moment is the first "
                + "capture-pane that shows it, asked through one tmux control-mode client; a capture takes "
                + "\(Bench.format(Self.median(starts.captures)))):\n")
        if peer {
            Bench.printTable([
                .init(
                    name: "start → list (newsboat: feed read, parsed, stored)", ours: Self.median(ours),
                    peer: Self.median(cold), peerName: "newsboat, empty cache"),
                .init(
                    name: "start → list (newsboat: from its cache)", ours: Self.median(ours),
                    peer: Self.median(warmTimes), peerName: "newsboat, warm cache"),
            ])
            print("")
        }
        print("| who | median | min | max |")
        print("|---|---|---|---|")
        var rows = [("bsl reader --replay Samples/cnblogs-today", ours)]
        if peer { rows += [("newsboat, empty cache, file:// feed", cold), ("newsboat, warm cache", warmTimes)] }
        rows.append(("the harness alone (sh printing the two lines)", floor))
        for (name, samples) in rows {
            print(
                "| \(name) | \(Bench.format(Self.median(samples))) | \(Bench.format(samples.min() ?? 0)) | "
                    + "\(Bench.format(samples.max() ?? 0)) |")
        }
        print(
            "\nthe binary: \(bsl); each start is a new tmux session (asked for by the control client) running "
                + "env -i … through sh, on one tmux server started beforehand; HOME and XDG folders in a temporary "
                + "folder; the reader and newsboat quit with q before the next start. newsboat on an empty cache draws "
                + "its list at once with the feed's address, and the time is to the feed's title, after its reload.")
    }

    /// The 首页 list has drawn: the tab bar and a selected entry.
    static func listDrawn(_ screen: String) -> Bool {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.first?.contains("[首页]") == true && lines.contains { $0.hasPrefix("> ") }
    }

    /// newsboat's feed list shows the recorded feed with its title and its 20 items.
    static func feedListDrawn(_ screen: String) -> Bool {
        screen.contains("(20/20) 博客园_首页")
    }

    /// `--bsl`, or the release `bsl` beside this program.
    private func bslPath() throws -> String {
        if let bsl { return bsl }
        let me =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let sibling = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("bsl").path
        guard FileManager.default.isExecutableFile(atPath: sibling) else {
            throw BenchError(
                "\(sibling) is missing; build it with `swift build -c release --product bsl` or pass --bsl PATH")
        }
        return sibling
    }

    // MARK: Redraws

    struct Redraw {
        var handle: Double
        var render: Double
        var diff: Double
        var bytes: Int
        var total: Double { handle + render + diff }
    }

    /// How the list's times read, which decides what a row costs to write.
    enum TimeMix: String, CaseIterable {
        /// Every entry of today, a minute apart: `3分钟前`, `2小时前`.
        case today = "N分钟前 / N小时前"
        /// Every entry two days old or more, 25 minutes apart, as in the recording read today:
        /// `03-12 10:35`, written through `TimeFormatter.string(from:pattern:)`.
        case older = "MM-dd HH:mm"
    }

    private func redrawFigures(_ times: TimeMix) -> (moves: [Redraw], scrolls: [Redraw], first: [Redraw]) {
        let zone = TimeZone(identifier: "Asia/Shanghai") ?? TimeZone(secondsFromGMT: 8 * 3600) ?? .current
        // 2026-03-12 12:00 in Shanghai; the older entries start two days before it.
        let now = Date(timeIntervalSince1970: 1_773_288_000)
        let formatter = TimeFormatter(timeZone: zone, now: { now })
        let titles = [
            "Swift 6 的严格并发：把全局可变状态关进 Mutex", "Rust 与 C++ - 内存模型对照",
            "Kubernetes 排错手记：Pod 一直 Pending 的七种原因", "读《重构》第二版：\"小步快跑\"的真正含义",
            ".NET 9 里的 System.Threading.Lock 到底快在哪", "React 19 的 use() 与 Suspense：一次讲清楚",
        ]
        let list = (0..<entries).map { index in
            let age = times == .today ? Double(index * 60 + 90) : Double(2 * 86_400 + index * 1500)
            return ReaderEntry(
                kind: .post, id: 1000 + index, title: "\(index + 1). " + titles[index % titles.count],
                byline: index % 2 == 0 ? "南山行者" : "codewriter", published: now.addingTimeInterval(-age),
                link: URL(string: "https://www.cnblogs.com/nanshan-walker/p/\(1000 + index)"), blogapp: "nanshan-walker"
            )
        }
        var moves: [Redraw] = []
        var scrolls: [Redraw] = []
        var first: [Redraw] = []
        let clock = ContinuousClock()
        for _ in 0..<passes {
            var model = ReaderModel(size: TerminalSize(columns: 80, rows: 24), timeFormatter: formatter)
            for case .loadList(_, let id) in model.start() {
                _ = model.handle(.listLoaded(id, .success(list)))
            }
            var renderer = ScreenRenderer()
            var start = clock.now
            var grid = model.render()
            var rendered = clock.now
            var output = renderer.render(grid)
            var end = clock.now
            first.append(
                Redraw(
                    handle: 0, render: Self.seconds(rendered - start), diff: Self.seconds(end - rendered),
                    bytes: output.utf8.count))
            // Down to the last entry: one j more would ask for the next page.
            for _ in 1..<entries {
                let before = grid
                start = clock.now
                _ = model.handle(.key(.character("j")))
                let handled = clock.now
                grid = model.render()
                rendered = clock.now
                output = renderer.render(grid)
                end = clock.now
                let redraw = Redraw(
                    handle: Self.seconds(handled - start), render: Self.seconds(rendered - handled),
                    diff: Self.seconds(end - rendered), bytes: output.utf8.count)
                // The first row of the list changed: it scrolled.
                if grid.line(2) != before.line(2) { scrolls.append(redraw) } else { moves.append(redraw) }
            }
        }
        return (moves, scrolls, first)
    }

    /// Seconds per `relativeString(for:)` of a time three minutes old, and of one two days old.
    static func timeFormatterCalls() -> (Double, Double) {
        let zone = TimeZone(identifier: "Asia/Shanghai") ?? TimeZone(secondsFromGMT: 8 * 3600) ?? .current
        let now = Date(timeIntervalSince1970: 1_773_288_000)
        let formatter = TimeFormatter(timeZone: zone, now: { now })
        var characters = 0
        let times = [now.addingTimeInterval(-180), now.addingTimeInterval(-2 * 86_400)].map { date in
            Bench.median(repetitions: 5) {
                for _ in 0..<1000 { characters += formatter.relativeString(for: date).count }
            } / 1000
        }
        precondition(characters > 0)  // the calls are used
        return (times[0], times[1])
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    static func median<T: Comparable>(_ values: [T]) -> T {
        values.sorted()[values.count / 2]
    }

    /// `12.3 µs (10.1–15.0 µs)`: the median, the 10th and the 90th percentile.
    static func spread(_ values: [Double]) -> String {
        guard !values.isEmpty else { return "—" }
        let sorted = values.sorted()
        let low = sorted[sorted.count / 10]
        let high = sorted[min(sorted.count * 9 / 10, sorted.count - 1)]
        return "\(Bench.format(sorted[sorted.count / 2])) (\(Bench.format(low))–\(Bench.format(high)))"
    }
}

/// The start times of each side, in seconds, and of one capture.
struct StartFigures: Sendable {
    var ours: [Double] = []
    var cold: [Double] = []
    var warm: [Double] = []
    var floor: [Double] = []
    var captures: [Double] = []
}

extension ReaderSuite {
    /// Every start, on this thread (it blocks): ours, the harness's floor, and newsboat cold and
    /// warm when `peer`, in an order that alternates from one repetition to the next.
    static func measureStarts(tmux: String, bsl: String, peer: Bool, repetitions: Int, sample: URL) throws
        -> StartFigures
    {
        let harness = try Harness(tmux: tmux)
        defer { harness.stop() }
        let feed = harness.folder.path("sitehome.xml")
        try FileManager.default.copyItem(at: sample.appendingPathComponent("001-blog-sitehome-rss.xml"), to: feed)
        let warm = try peer ? harness.prepareWarmNewsboat(feed: feed) : nil
        var figures = StartFigures()
        for repetition in 0..<repetitions {
            // Alternate who goes first, so that drift in the shared machine's load weighs on both.
            var order = ["ours", "floor"] + (peer ? ["cold", "warm"] : [])
            if repetition % 2 == 1 { order.reverse() }
            for side in order {
                switch side {
                case "ours":
                    figures.ours.append(
                        try harness.time(
                            "ours\(repetition)", command: harness.readerCommand(bsl: bsl, sample: sample), quit: "q",
                            until: listDrawn, captures: &figures.captures))
                case "floor":
                    figures.floor.append(
                        try harness.time(
                            "floor\(repetition)", command: harness.floorCommand, quit: nil, until: listDrawn,
                            captures: &figures.captures))
                case "cold":
                    figures.cold.append(
                        try harness.time(
                            "cold\(repetition)", command: try harness.coldNewsboat(feed: feed, run: repetition),
                            quit: "q", until: feedListDrawn, captures: &figures.captures))
                default:
                    if let warm {
                        figures.warm.append(
                            try harness.time(
                                "warm\(repetition)", command: warm, quit: "q", until: feedListDrawn,
                                captures: &figures.captures))
                    }
                }
            }
        }
        return figures
    }
}

/// One tmux server on a socket in a temporary folder, where each timed program gets a session of
/// its own, and one control-mode client (`tmux -C`) that starts the sessions and captures their
/// panes: a capture is a line written and a few read, not a process started, so the screen is
/// looked at every fraction of a millisecond. Used from one thread.
private final class Harness {
    let tmux: String
    let folder: TemporaryDirectory
    let socket: String
    /// The environment every timed program starts with (`env -i` and these).
    let environment: [String]
    private var control: ControlClient?

    init(tmux: String) throws {
        self.tmux = tmux
        folder = try TemporaryDirectory(prefix: "bsl-bench-reader")
        socket = folder.path("tmux.socket").path
        for name in ["home", "cache", "data", "config"] {
            try FileManager.default.createDirectory(at: folder.path(name), withIntermediateDirectories: true)
        }
        environment = [
            "PATH=/usr/bin:/bin", "HOME=\(folder.path("home").path)", "XDG_CACHE_HOME=\(folder.path("cache").path)",
            "XDG_DATA_HOME=\(folder.path("data").path)", "XDG_CONFIG_HOME=\(folder.path("config").path)",
            "LANG=C.UTF-8",
        ]
        // A session that keeps the server up and that the control client attaches to.
        try run("-f", "/dev/null", "new-session", "-d", "-s", "keep", "-x", "80", "-y", "24", "sleep 86400")
        control = try ControlClient(tmux: tmux, socket: socket, session: "keep")
        // A program that ends stays on its pane, so that how it ended can be read.
        try control?.command("set-option -g remain-on-exit on")
    }

    /// Ends the control client and kills the server.
    func stop() {
        control?.close()
        control = nil
        _ = try? run("kill-server")
    }

    /// `exec env -i … program arguments…` for a session's shell, TERM kept as tmux set it.
    func shellLine(_ words: [String]) -> String {
        (["exec", "env", "-i"] + environment.map(Self.quoted) + ["TERM=\"$TERM\""] + words.map(Self.quoted))
            .joined(separator: " ")
    }

    func readerCommand(bsl: String, sample: URL) -> String {
        shellLine([bsl, "reader", "--replay", sample.path])
    }

    /// A shell that prints what `listDrawn` waits for, and waits.
    var floorCommand: String {
        shellLine(["/bin/sh", "-c", "printf '%s\\n' '[首页]' '> floor'; exec sleep 86400"])
    }

    /// newsboat on an empty cache of its own, reading the feed at start.
    func coldNewsboat(feed: URL, run: Int) throws -> String {
        let directory = folder.path("cold-\(run)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let urls = directory.appendingPathComponent("urls")
        try "\(feed.absoluteString)\n".write(to: urls, atomically: true, encoding: .utf8)
        let config = directory.appendingPathComponent("config")
        try "refresh-on-startup yes\n".write(to: config, atomically: true, encoding: .utf8)
        return shellLine([
            ReaderSuite.newsboat, "-u", urls.path, "-c", directory.appendingPathComponent("cache.db").path, "-C",
            config.path,
        ])
    }

    /// newsboat on a cache an untimed `-x reload` filled, not reading the feed at start.
    func prepareWarmNewsboat(feed: URL) throws -> String {
        let directory = folder.path("warm")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let urls = directory.appendingPathComponent("urls")
        try "\(feed.absoluteString)\n".write(to: urls, atomically: true, encoding: .utf8)
        let config = directory.appendingPathComponent("config")
        try "".write(to: config, atomically: true, encoding: .utf8)
        let arguments = [
            "-u", urls.path, "-c", directory.appendingPathComponent("cache.db").path, "-C", config.path,
        ]
        try Bench.runQuietly(ReaderSuite.newsboat, ["-x", "reload"] + arguments)
        return shellLine([ReaderSuite.newsboat] + arguments)
    }

    /// Starts `line` in a new session `name` and returns the seconds until a capture of its
    /// screen satisfies `condition`, adding each capture's own time to `captures`; then ends it
    /// with the key `quit` (waiting for the session to go) or by killing the session.
    func time(
        _ name: String, command line: String, quit: String?, until condition: (String) -> Bool,
        captures: inout [Double]
    ) throws -> Double {
        guard let control else { throw BenchError("the tmux control client has ended") }
        let clock = ContinuousClock()
        let start = clock.now
        try control.command("new-session -d -s \(name) -x 80 -y 24 \(Self.tmuxQuoted(line))")
        defer { end(name, quit: quit) }
        var last = ""
        while clock.now - start < .seconds(30) {
            let before = clock.now
            last = try control.command("capture-pane -p -t \(name)")
            captures.append(ReaderSuite.seconds(clock.now - before))
            if condition(last) { return ReaderSuite.seconds(before - start) }
            if let status = try deadStatus(name) {
                let lines = last.split(separator: "\n").suffix(3).joined(separator: " / ")
                throw BenchError("\(name) ended with status \(status) before its list showed: \(lines)")
            }
        }
        throw BenchError("\(name): the screen never showed the list in 30 s; it showed:\n\(last)")
    }

    /// The exit status of the program on `name`'s pane once it has ended, else nil.
    private func deadStatus(_ name: String) throws -> String? {
        let answer = try control?.command("display-message -p -t \(name) '#{pane_dead} #{pane_dead_status}'") ?? ""
        let words = answer.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        return words.first == "1" ? words.dropFirst().first ?? "?" : nil
    }

    /// Presses `quit` and waits (10 s at most) for the program to end, then kills the session.
    private func end(_ name: String, quit: String?) {
        guard let control else { return }
        if let quit, (try? control.command("send-keys -t \(name) \(quit)")) != nil {
            let clock = ContinuousClock()
            let start = clock.now
            while clock.now - start < .seconds(10) {
                // Ended, or its session gone: done.
                let status: String?
                do { status = try deadStatus(name) } catch { break }
                if status != nil { break }
                usleep(2_000)
            }
        }
        _ = try? control.command("kill-session -t \(name)")
    }

    /// Runs `tmux -S socket arguments…` as a process of its own and returns its output.
    @discardableResult
    func run(_ arguments: String...) throws -> String {
        let process = try Subprocess(
            URL(fileURLWithPath: tmux), ["-u", "-S", socket] + arguments,
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm-256color"],
            standardError: .nullDevice)
        let output = process.standardOutput?.readDataToEndOfFile() ?? Data()
        let status = process.waitUntilExit()
        guard status == 0 else { throw BenchError("tmux \(arguments.joined(separator: " ")) failed (\(status))") }
        return String(decoding: output, as: UTF8.self)
    }

    /// A word for sh, in single quotes.
    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// An argument for tmux's command parser, in double quotes (`\`, `"` and `$` escaped, so that
    /// tmux expands nothing in it).
    static func tmuxQuoted(_ word: String) -> String {
        "\""
            + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "$", with: "\\$") + "\""
    }
}

/// A tmux control-mode client (`tmux -C attach`): a command is a line on its input, its answer
/// the lines between `%begin` and `%end` (or `%error`) on its output; notifications between
/// answers are skipped.
private final class ControlClient {
    private let process: Subprocess
    private let input: FileHandle
    private let output: Int32
    private var buffer: [UInt8] = []

    init(tmux: String, socket: String, session: String) throws {
        process = try Subprocess(
            URL(fileURLWithPath: tmux), ["-u", "-S", socket, "-C", "attach-session", "-t", session],
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm-256color"],
            standardInput: .pipe, standardError: .nullDevice)
        guard let input = process.standardInput, let output = process.standardOutput else {
            throw BenchError("the tmux control client has no pipes")
        }
        self.input = input
        self.output = output.fileDescriptor
        // A first command, answered once the client is attached.
        try input.write(contentsOf: Data("display-message -p bench-ready\n".utf8))
        guard try answer() == "bench-ready\n" else { throw BenchError("the tmux control client answered out of turn") }
    }

    /// Runs `line` and returns its output; throws when tmux answers with an error.
    @discardableResult
    func command(_ line: String) throws -> String {
        try input.write(contentsOf: Data((line + "\n").utf8))
        return try answer()
    }

    func close() {
        try? input.close()
        if process.wait(timeout: 5) == nil { process.send(SIGKILL) }
    }

    /// The next answer's text: the next block whose flags say this client's command made it
    /// (`%begin TIME NUMBER 1`). The attach's own block has flags 0 and may come at any time.
    private func answer() throws -> String {
        while true {
            let line = try readLine()
            guard line.hasPrefix("%begin ") else { continue }
            let ours = line.split(separator: " ").last == "1"
            var text = ""
            while true {
                let next = try readLine()
                if next.hasPrefix("%end ") || next.hasPrefix("%error ") {
                    guard ours else { break }
                    if next.hasPrefix("%error ") {
                        throw BenchError("tmux: \(text.trimmingCharacters(in: .newlines))")
                    }
                    return text
                }
                text += next + "\n"
            }
        }
    }

    private func readLine() throws -> String {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw BenchError("the tmux control client ended") }
            buffer += chunk[..<count]
        }
    }
}
