import Foundation
import TestSupport

/// `bsl-bench startup`: `bsl` as whole processes, from exec to exit, against `curl` doing the
/// least the same command must do: `bsl --version`; `bsl cnblogs news --source legacy --replay
/// Samples/cnblogs`
/// against `curl -s` of the cassette's index and the news body it replays as `file://` URLs;
/// `bsl http get URL` against `curl -s URL` on the project's test server on loopback. Wall time
/// is the median of `--repetitions` runs after one untimed run of each; peak memory is GNU
/// time's maximum resident set size (`/usr/bin/time -f %M`) of a run of its own.
///
/// `--bsl PATH` times another build of `bsl` (one linked with `--static-swift-stdlib`, say)
/// instead of the one next to `bsl-bench`.
struct StartupSuite {
    var repetitions = 10
    var bsl: String?

    init(arguments: [String]) throws {
        let usage = BenchError("usage: bsl-bench startup [--repetitions N] [--bsl PATH]")
        var rest = arguments[...]
        while let option = rest.popFirst() {
            guard let value = rest.popFirst() else { throw usage }
            switch option {
            case "--repetitions":
                guard let count = Int(value), count > 0 else { throw usage }
                repetitions = count
            case "--bsl":
                bsl = value
            default: throw BenchError("unknown option \(option)")
            }
        }
    }

    /// A command line to time: the executable and its arguments.
    struct Command {
        var executable: String
        var arguments: [String]

        /// The command as a table shows it: file URLs and paths by their last component.
        var display: String {
            let shown = arguments.map { argument in
                argument.hasPrefix("file://") || argument.hasPrefix("/")
                    ? URL(string: argument)?.lastPathComponent ?? argument : argument
            }
            return ([URL(fileURLWithPath: executable).lastPathComponent] + shown).joined(separator: " ")
        }
    }

    func run() async throws {
        let bsl =
            self.bsl
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("bsl").path
        guard FileManager.default.isExecutableFile(atPath: bsl) else {
            throw BenchError("\(bsl) is missing: build it first (swift build -c release --product bsl)")
        }
        print("bsl: \(bsl)")
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/cnblogs")
        let curl = "/usr/bin/curl"
        let server = try BenchServer()
        defer { server.stop() }
        let url = server.url("/bytes/100").absoluteString

        let cases: [(name: String, ours: Command, peer: Command)] = [
            (
                "bsl --version", Command(executable: bsl, arguments: ["--version"]),
                Command(executable: curl, arguments: ["--version"])
            ),
            (
                "cnblogs news --replay",
                Command(
                    executable: bsl, arguments: ["cnblogs", "news", "--source", "legacy", "--replay", samples.path]),
                Command(
                    executable: curl,
                    arguments: [
                        "-s", samples.appendingPathComponent("index.json").absoluteString,
                        samples.appendingPathComponent("005-news-recent-10.xml").absoluteString,
                    ])
            ),
            (
                "http get (loopback)", Command(executable: bsl, arguments: ["http", "get", url]),
                Command(executable: curl, arguments: ["-s", url])
            ),
        ]
        print(
            "whole processes, median of \(repetitions) runs after one untimed run; peak memory: /usr/bin/time -f %M\n")
        var rows: [Bench.Row] = []
        var memory: [(String, Int, Int)] = []
        for entry in cases {
            // Each side's untimed run first, then the two in turn.
            try Self.runOnce(entry.ours)
            try Self.runOnce(entry.peer)
            var oursSamples: [Double] = []
            var peerSamples: [Double] = []
            for _ in 0..<repetitions {
                oursSamples.append(try Self.time(entry.ours))
                peerSamples.append(try Self.time(entry.peer))
            }
            rows.append(
                .init(
                    name: entry.name, ours: Self.median(oursSamples), peer: Self.median(peerSamples),
                    peerName: entry.peer.display))
            memory.append((entry.name, try Self.peakKilobytes(entry.ours), try Self.peakKilobytes(entry.peer)))
        }
        Bench.printTable(rows)
        print("\npeak memory (maximum resident set size):")
        for (name, ours, peer) in memory {
            print("  \(name): bsl \(Self.mebibytes(ours)), curl \(Self.mebibytes(peer))")
        }
    }

    static func runOnce(_ command: Command) throws {
        try Bench.runQuietly(command.executable, command.arguments)
    }

    /// Seconds from spawning the process to its exit.
    static func time(_ command: Command) throws -> Double {
        let clock = ContinuousClock()
        let elapsed = try clock.measure { try runOnce(command) }
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    /// The process's maximum resident set size in KiB, as GNU time reports it.
    static func peakKilobytes(_ command: Command) throws -> Int {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bsl-bench-time-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: report) }
        try Bench.runQuietly("/usr/bin/time", ["-f", "%M", "-o", report.path, command.executable] + command.arguments)
        let text = String(decoding: try Data(contentsOf: report), as: UTF8.self)
        guard let kilobytes = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchError("/usr/bin/time reported \(text.debugDescription)")
        }
        return kilobytes
    }

    static func mebibytes(_ kilobytes: Int) -> String {
        String(format: "%.1f MiB", Double(kilobytes) / 1024)
    }

    static func median(_ samples: [Double]) -> Double {
        samples.sorted()[samples.count / 2]
    }
}
