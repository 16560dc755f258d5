import Foundation
import TestSupport

/// Timing and reporting shared by the suites.
enum Bench {
    /// Runs `body` `repetitions` times and returns the median wall time in seconds.
    static func median(repetitions: Int, _ body: () throws -> Void) rethrows -> Double {
        var samples: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<repetitions {
            let elapsed = try clock.measure(body)
            samples.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    /// Runs `repetitions` rounds in which every one of `bodies` runs in turn, and returns each
    /// body's median wall time in seconds. The cases share the machine's load alike (a burst of
    /// load from elsewhere lands on all of them); and each timed run comes right after an
    /// untimed run of the same body, so that each meets the heap its own previous run left (one
    /// case freeing a large tree, or Foundation's allocations, would otherwise change what the
    /// next case's allocations cost: a parse timed right after `JSONSerialization` ran 1.6 times
    /// as long as the same parse after another parse).
    static func interleavedMedians(repetitions: Int, _ bodies: [() throws -> Void]) throws -> [Double] {
        var samples = [[Double]](repeating: [], count: bodies.count)
        let clock = ContinuousClock()
        for _ in 0..<repetitions {
            for (index, body) in bodies.enumerated() {
                try body()
                let elapsed = try clock.measure(body)
                samples[index].append(
                    Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
            }
        }
        return samples.map { $0.sorted()[$0.count / 2] }
    }

    /// Runs an async `body` `repetitions` times and returns the median wall time in seconds.
    static func medianAsync(repetitions: Int, _ body: () async throws -> Void) async rethrows -> Double {
        var samples: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<repetitions {
            let start = clock.now
            try await body()
            let elapsed = clock.now - start
            samples.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    /// Runs a program to its end, discarding its output.
    ///
    /// - Throws: ``BenchError`` when it fails.
    static func runQuietly(_ executable: String, _ arguments: [String]) throws {
        let process = try Subprocess(
            URL(fileURLWithPath: executable), arguments, standardOutput: .nullDevice, standardError: .inherit)
        let status = process.waitUntilExit()
        guard status == 0 else {
            throw BenchError("\(executable) \(arguments.joined(separator: " ")) failed with status \(status)")
        }
    }

    /// One row of a results table: our time, the peer's, and ours ÷ peer.
    struct Row {
        var name: String
        var ours: Double
        var peer: Double
        var peerName: String
    }

    static func printTable(_ rows: [Row]) {
        let header = ["case", "ours", "peer", "peer time", "ratio (ours/peer)"]
        let cells = rows.map { row in
            [row.name, format(row.ours), row.peerName, format(row.peer), String(format: "%.2f×", row.ours / row.peer)]
        }
        let widths = header.indices.map { column in
            ([header[column]] + cells.map { $0[column] }).map(\.count).max() ?? 0
        }
        func line(_ values: [String]) -> String {
            "| "
                + values.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                .joined(separator: " | ") + " |"
        }
        print(line(header))
        print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
        for row in cells { print(line(row)) }
    }

    static func format(_ seconds: Double) -> String {
        seconds >= 1
            ? String(format: "%.2f s", seconds)
            : seconds >= 1e-3 ? String(format: "%.2f ms", seconds * 1e3) : String(format: "%.1f µs", seconds * 1e6)
    }

    /// The folder of the peers' scripts, found from this file's path.
    static let peersFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("peers")

    /// The Python that runs the peers: `python3` on the `PATH`, or the one `BSL_BENCH_PYTHON` names
    /// (say `/usr/bin/python3.11`, to compare with Debian's build rather than a pyenv one).
    static let python = ProcessInfo.processInfo.environment["BSL_BENCH_PYTHON"] ?? "python3"

    /// Runs a Python peer script and returns what it prints as JSON.
    static func runPython(_ script: String, _ arguments: [String]) throws -> Data {
        let path = peersFolder.appendingPathComponent(script).path
        let process = try Subprocess(
            URL(fileURLWithPath: "/usr/bin/env"), [python, path] + arguments, standardError: .inherit)
        let data = process.standardOutput?.readDataToEndOfFile() ?? Data()
        let status = process.waitUntilExit()
        guard status == 0 else {
            throw BenchError("the peer \(script) failed with status \(status)")
        }
        return data
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
