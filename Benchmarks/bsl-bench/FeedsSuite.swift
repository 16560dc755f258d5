import BasicStore
import BasicXML
import FeedsClient
import Foundation
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `bsl-bench feeds`: 200 feeds of 50 entries on loopback (Tests/TestServer/feed_server.py, each
/// with its own ETag and Last-Modified, gzip answered), refreshed by `Subscriptions` and by
/// Debian's `newsboat` (`-x reload`, its own urls, cache and config files in a temporary folder)
/// in the same run: a first refresh of all, one where every feed answers 304, one where 10%
/// changed. The server counts the bytes each side downloaded. Search of the 10,000 items is timed
/// too, from a store opened afresh and again in memory.
struct FeedsSuite {
    var feeds = 200
    var entries = 50
    var repetitions = 3
    var changedEvery = 10
    var newsboatThreads = 16
    /// For profiling: skip the peer, and search this many times.
    var skipsPeer = false
    var searches = 1

    init(arguments: [String]) throws {
        var rest = arguments[...]
        while let option = rest.popFirst() {
            if option == "--skip-peer" {
                skipsPeer = true
                continue
            }
            guard let value = rest.popFirst().flatMap(Int.init), value > 0 else {
                throw BenchError(
                    "usage: bsl-bench feeds [--feeds N] [--entries N] [--repetitions N] [--changed-every N] "
                        + "[--newsboat-threads N] [--searches N] [--skip-peer]")
            }
            switch option {
            case "--feeds": feeds = value
            case "--entries": entries = value
            case "--repetitions": repetitions = value
            case "--changed-every": changedEvery = value
            case "--newsboat-threads": newsboatThreads = value
            case "--searches": searches = value
            default: throw BenchError("unknown option \(option)")
            }
        }
    }

    /// One side's figures for the three cases: seconds, and bytes the server sent.
    struct Run {
        var first = 0.0
        var notModified = 0.0
        var changed = 0.0
        var bytes = [0, 0, 0]
        var notModifiedAnswers = 0
    }

    static let newsboat = "/usr/bin/newsboat"

    func run() async throws {
        guard FileManager.default.isExecutableFile(atPath: Self.newsboat) else {
            throw BenchError("the peer \(Self.newsboat) is missing; apt-get install newsboat")
        }
        let server = try await FeedTestServer.start()
        defer { server.stop() }
        let urls = (0..<feeds).map { server.url("/bench/\($0).xml").absoluteString }

        print(
            "\(feeds) feeds × \(entries) entries on loopback (gzip, ETag, Last-Modified), median of \(repetitions) runs; "
                + "ours: Subscriptions (4 per host, 16 in all); peer: newsboat -x reload (reload-threads "
                + "\(newsboatThreads)); server: Tests/TestServer/feed_server.py\n")
        var ours: [Run] = []
        var peer: [Run] = []
        var searchCold: [Double] = []
        var searchWarm: [Double] = []
        var searchNarrow: [Double] = []
        var narrowHits = 0
        var itemCount = 0
        for repetition in 0..<repetitions {
            // Alternate which side goes first, so that drift in the shared machine's load weighs on both.
            if skipsPeer {
                ours.append(
                    try await runOurs(
                        server, urls, search: &searchCold, &searchWarm, &searchNarrow, hits: &narrowHits,
                        items: &itemCount))
                peer.append(Run(first: 1, notModified: 1, changed: 1))
            } else if repetition % 2 == 0 {
                ours.append(
                    try await runOurs(
                        server, urls, search: &searchCold, &searchWarm, &searchNarrow, hits: &narrowHits,
                        items: &itemCount))
                peer.append(try await runNewsboat(server, urls))
            } else {
                peer.append(try await runNewsboat(server, urls))
                ours.append(
                    try await runOurs(
                        server, urls, search: &searchCold, &searchWarm, &searchNarrow, hits: &narrowHits,
                        items: &itemCount))
            }
        }
        let median = { (values: [Double]) in values.sorted()[values.count / 2] }
        let bytes = { (runs: [Run], index: Int) in runs.map { $0.bytes[index] }.sorted()[runs.count / 2] }
        let changedCount = (feeds + changedEvery - 1) / changedEvery
        Bench.printTable([
            .init(
                name: "first refresh", ours: median(ours.map(\.first)), peer: median(peer.map(\.first)),
                peerName: "newsboat"),
            .init(
                name: "all 304", ours: median(ours.map(\.notModified)), peer: median(peer.map(\.notModified)),
                peerName: "newsboat"),
            .init(
                name: "\(changedCount) of \(feeds) changed", ours: median(ours.map(\.changed)),
                peer: median(peer.map(\.changed)), peerName: "newsboat"),
        ])
        print("\nbytes the server sent (status lines, headers, bodies; gzip):")
        print("| case | ours | newsboat |")
        print("|---|---|---|")
        for (index, name) in ["first refresh", "all 304", "\(changedCount) of \(feeds) changed"].enumerated() {
            print("| \(name) | \(bytes(ours, index)) | \(bytes(peer, index)) |")
        }
        print(
            "\n304 answers in the all-304 case: ours \(ours.map(\.notModifiedAnswers).min() ?? 0), "
                + "newsboat \(peer.map(\.notModifiedAnswers).min() ?? 0) of \(feeds)")
        print(
            "\nsearch of \(itemCount) items (words matched as lower-case substrings; goal: under 100 ms): "
                + "\(Bench.format(median(searchCold))) from a store opened afresh and "
                + "\(Bench.format(median(searchWarm))) again on the same object for \"harbour reef\", which every "
                + "item holds; \(Bench.format(median(searchNarrow))) for \"feed 42,\" (\(narrowHits) hits)")
        let (tree, json) = try await parseTimes(server, urls)
        print(
            "\nreading the \(feeds) feeds' bytes (median of 5): \(Bench.format(tree)) into Feed values with "
                + "Feed(parsing:) (its namespace-aware tree); \(Bench.format(json)) for XMLConverter's JSON alone, "
                + "which the JSON-based reader parsed with (\(String(format: "%.2f", tree / json))×)")
        print(
            "\nnewsboat stores a feed's ETag and Last-Modified only from its second reload of it on, so its all-304 case "
                + "follows an untimed second reload; its times are whole processes (start, cache, exit).")
    }

    /// Our three cases on a fresh library, and the search figures.
    private func runOurs(
        _ server: FeedTestServer, _ urls: [String], search cold: inout [Double], _ warm: inout [Double],
        _ narrow: inout [Double], hits narrowHits: inout Int, items: inout Int
    ) async throws -> Run {
        try await server.makeBenchFeeds(count: feeds, entries: entries)
        let directory = try TemporaryDirectory(prefix: "bsl-bench-feeds")
        let key = try StoreKey.randomRaw()
        let file = directory.path("feeds.sqlite")
        let subscriptions = Subscriptions(store: try KeyValueStore(at: file, key: key))
        try subscriptions.add(urls.map { OPMLEntry(url: $0) })
        var run = Run()
        for index in 0..<3 {
            if index == 2 { try await server.changeBenchFeeds(every: changedEvery) }
            try await server.resetStats()
            let start = ContinuousClock.now
            let summary = try await subscriptions.refresh()
            let elapsed = Self.seconds(ContinuousClock.now - start)
            guard summary.failures.isEmpty else {
                throw BenchError("our refresh failed: \(summary.failures.first?.description ?? "")")
            }
            let stats = try await server.stats()
            run.bytes[index] = stats.bytes
            switch index {
            case 0: run.first = elapsed
            case 1:
                run.notModified = elapsed
                run.notModifiedAnswers = summary.notModifiedCount
            default: run.changed = elapsed
            }
        }
        // Search from a store opened afresh (as `bsl feeds search` does), then again.
        let start = ContinuousClock.now
        let reopened = Subscriptions(store: try KeyValueStore(at: file, key: key))
        let hits = try reopened.search("harbour reef")
        cold.append(Self.seconds(ContinuousClock.now - start))
        var hitsAgain: [FeedItem] = []
        for _ in 0..<searches {
            let again = ContinuousClock.now
            hitsAgain = try reopened.search("harbour reef")
            warm.append(Self.seconds(ContinuousClock.now - again))
        }
        guard !hits.isEmpty, hits.count == hitsAgain.count else { throw BenchError("the search found nothing") }
        let narrowStart = ContinuousClock.now
        narrowHits = try reopened.search("feed 42,").count
        narrow.append(Self.seconds(ContinuousClock.now - narrowStart))
        items = try reopened.items().count
        return run
    }

    /// newsboat's three cases on a fresh cache.
    private func runNewsboat(_ server: FeedTestServer, _ urls: [String]) async throws -> Run {
        try await server.makeBenchFeeds(count: feeds, entries: entries)
        let directory = try TemporaryDirectory(prefix: "bsl-bench-newsboat")
        let urlFile = directory.path("urls")
        try (urls.joined(separator: "\n") + "\n").write(to: urlFile, atomically: true, encoding: .utf8)
        let config = directory.path("config")
        try "reload-threads \(newsboatThreads)\n".write(to: config, atomically: true, encoding: .utf8)
        let arguments = [
            "-x", "reload", "-u", urlFile.path, "-c", directory.path("cache.db").path, "-C", config.path,
        ]
        var run = Run()
        for index in 0..<3 {
            if index == 1 {
                // The untimed reload after which newsboat has stored the validators.
                try await onOwnThread { Result { try Bench.runQuietly(Self.newsboat, arguments) } }.get()
            }
            if index == 2 { try await server.changeBenchFeeds(every: changedEvery) }
            try await server.resetStats()
            let start = ContinuousClock.now
            try await onOwnThread { Result { try Bench.runQuietly(Self.newsboat, arguments) } }.get()
            let elapsed = Self.seconds(ContinuousClock.now - start)
            let stats = try await server.stats()
            run.bytes[index] = stats.bytes
            switch index {
            case 0: run.first = elapsed
            case 1:
                run.notModified = elapsed
                run.notModifiedAnswers = stats.notModified
            default: run.changed = elapsed
            }
        }
        return run
    }

    /// The time to read every bench feed with `Feed(parsing:)`, and to convert it to JSON only.
    private func parseTimes(_ server: FeedTestServer, _ urls: [String]) async throws -> (Double, Double) {
        try await server.makeBenchFeeds(count: feeds, entries: entries)
        var bodies: [Data] = []
        for url in urls {
            guard let address = URL(string: url) else { continue }
            bodies.append(try await URLSession.shared.data(from: address).0)
        }
        let tree = try Bench.median(repetitions: 5) {
            for body in bodies { _ = try Feed(parsing: body) }
        }
        let json = try Bench.median(repetitions: 5) {
            for body in bodies { _ = try XMLConverter(configuration: .feed).convert(body) }
        }
        return (tree, json)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
