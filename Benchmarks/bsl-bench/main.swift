import Foundation

// `swift run -c release bsl-bench <suite>`: runs our code and a peer on the same work in one
// run and prints a table of the figures and their ratio. BENCHMARKS.md records the results.

let suites: [String: @Sendable ([String]) async throws -> Void] = [
    "cache": { try await CacheSuite(arguments: $0).run() },
    "feeds": { try await FeedsSuite(arguments: $0).run() },
    "keypath": { try await KeyPathSuite(arguments: $0).run() },
    "network": { try await NetworkSuite(arguments: $0).run() },
    "reader": { try await ReaderSuite(arguments: $0).run() },
    "startup": { try await StartupSuite(arguments: $0).run() },
    "store": { try await StoreSuite(arguments: $0).run() },
    "xml": { try await XMLSuite(arguments: $0).run() },
]

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let suite = suites[name] else {
    FileHandle.standardError.write(
        Data("usage: bsl-bench <suite> [options]\n  suites: \(suites.keys.sorted().joined(separator: ", "))\n".utf8))
    exit(64)
}
#if DEBUG
    FileHandle.standardError.write(Data("warning: a debug build; run with `swift run -c release bsl-bench`\n".utf8))
#endif
/// Runs the suite and exits: 0 when it finished, 1 with the error otherwise.
@Sendable func runSuite() async -> Never {
    do {
        try await suite(Array(arguments.dropFirst()))
    } catch {
        FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}
// No top-level `await`: an async main has libdispatch park the main thread in a way that valgrind
// (3.19, for `bsl-bench xml --profile N` under callgrind) crashes on. The main thread waits
// instead while the suite runs on the cooperative pool, where an async main's suites ran anyway.
Task.detached { await runSuite() }
while true { sleep(60) }
