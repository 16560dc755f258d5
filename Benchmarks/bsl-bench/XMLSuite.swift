import BasicCore
import BasicXML
import Foundation

/// `bsl-bench xml`: XML → `JSONValue` on a generated 5 MB cnblogs-style Atom feed, ours against
/// Python's `xml.etree.ElementTree` and `xmltodict`, against Foundation's `XMLParser` building
/// the same value in this process, and against a bare libxml2 SAX pass that builds nothing (the
/// floor); then whole processes, `bsl xml to-json FILE` against a Python one-liner.
struct XMLSuite {
    var repetitions = 11
    var processRepetitions = 5
    var targetBytes = 5_000_000
    /// With `--profile N`: only the floor and our conversion, `N` times each, untimed, for a
    /// profiler such as callgrind to compare `profileFloor` with `profileConvert` (which frees
    /// its result) and `profileKeptConversion` (which does not).
    var profileRounds: Int?

    init(arguments: [String]) throws {
        var rest = arguments[...]
        while let option = rest.popFirst() {
            guard let value = rest.popFirst().flatMap(Int.init) else {
                throw BenchError(
                    "usage: bsl-bench xml [--repetitions N] [--process-repetitions N] [--bytes N] [--profile N]")
            }
            switch option {
            case "--repetitions": repetitions = value
            case "--process-repetitions": processRepetitions = value
            case "--bytes": targetBytes = value
            case "--profile": profileRounds = value
            default: throw BenchError("unknown option \(option)")
            }
        }
    }

    func run() async throws {
        let (data, entryCount) = Self.makeFeed(bytes: targetBytes)
        if let profileRounds {
            var checksum = 0
            var kept: JSONValue?
            for _ in 0..<profileRounds {
                checksum &+= try Self.profileFloor(data)
                checksum &+= try Self.profileConvert(data)
                // Freed here, outside the profiled function, when the next round replaces it.
                kept = try Self.profileKeptConversion(data)
                checksum &+= kept?.objectValue?.count ?? 0
            }
            print("profiled \(profileRounds) rounds (checksum \(checksum))")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bsl-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let feedFile = folder.appendingPathComponent("feed.xml")
        try data.write(to: feedFile)
        print("feed: \(data.count) bytes, \(entryCount) entries, median of \(repetitions) runs\n")

        // The results must agree before the times mean anything.
        let ours = try XMLConverter().convert(data)
        let theirs = try XMLParserPeer.convert(data)
        guard ours == theirs, ours["entry"]?.arrayValue?.count == entryCount else {
            throw BenchError(
                "XMLConverter and the XMLParser peer disagree on the feed: \(Self.firstDifference(ours, theirs))")
        }

        var checksum = 0
        let floor = try Bench.median(repetitions: repetitions) { checksum &+= try XMLFloor.count(data) }
        let convert = try Bench.median(repetitions: repetitions) {
            checksum &+= try XMLConverter().convert(data).objectValue?.count ?? 0
        }
        let convertAndWrite = try Bench.median(repetitions: repetitions) {
            checksum &+= try XMLConverter().convert(data).jsonData().count
        }
        let xmlParser = try Bench.median(repetitions: repetitions) {
            checksum &+= try XMLParserPeer.convert(data).objectValue?.count ?? 0
        }

        let peerOutput: Data
        do {
            peerOutput = try Bench.runPython("xml_peer.py", [feedFile.path, String(repetitions)])
        } catch {
            throw BenchError("\(error): the peer needs xmltodict (pip install xmltodict)")
        }
        let peer = try JSONValue(parsing: peerOutput)
        func peerTime(_ key: String) throws -> Double {
            guard let seconds = peer[key]?.asDouble else { throw BenchError("the peer did not report \(key)") }
            return seconds
        }
        guard peer["entries"]?.asInt == entryCount else { throw BenchError("the peer saw a different feed") }

        // Whole processes: read the file, convert, write JSON to /dev/null.
        let bsl = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "bsl")
        guard FileManager.default.isExecutableFile(atPath: bsl.path) else {
            throw BenchError("\(bsl.path) is missing: build it first (swift build -c release --product bsl)")
        }
        let bslProcess = try Bench.median(repetitions: processRepetitions) {
            try Bench.runQuietly(bsl.path, ["xml", "to-json", feedFile.path])
        }
        let oneLiner =
            "import sys,json,xmltodict; sys.stdout.write(json.dumps(xmltodict.parse(open(sys.argv[1],'rb').read()),"
            + " ensure_ascii=False))"
        let python = try Bench.median(repetitions: processRepetitions) {
            try Bench.runQuietly("/usr/bin/env", ["python3", "-c", oneLiner, feedFile.path])
        }

        Bench.printTable([
            .init(name: "XML → JSONValue", ours: convert, peer: floor, peerName: "bare libxml2 SAX pass (floor)"),
            .init(name: "XML → JSONValue", ours: convert, peer: xmlParser, peerName: "XMLParser → same JSONValue"),
            .init(
                name: "XML → JSONValue", ours: convert, peer: try peerTime("etree"), peerName: "python ET.fromstring"),
            .init(
                name: "XML → JSONValue", ours: convert, peer: try peerTime("xmltodict"),
                peerName: "python xmltodict.parse"),
            .init(
                name: "XML → JSON text", ours: convertAndWrite, peer: try peerTime("xmltodict_json"),
                peerName: "python xmltodict + json.dumps"),
            .init(name: "whole process", ours: bslProcess, peer: python, peerName: "python3 -c xmltodict + json"),
        ])
        print("\n(checksum \(checksum))")
    }

    /// Where two conversions first differ, for the error when they do: the path of the first
    /// difference and each side's value there, as JSON (cut short).
    static func firstDifference(_ ours: JSONValue, _ theirs: JSONValue, at path: String = "") -> String {
        func cut(_ value: JSONValue?) -> String { String((value?.jsonString() ?? "nothing").prefix(200)) }
        switch (ours, theirs) {
        case (.object(let mine), .object(let peer)):
            for key in mine.keys + peer.keys where mine[key] != peer[key] {
                guard let a = mine[key], let b = peer[key] else {
                    return "\(path).\(key): ours \(cut(mine[key])), XMLParser \(cut(peer[key]))"
                }
                return firstDifference(a, b, at: path + "." + key)
            }
        case (.array(let mine), .array(let peer)) where mine.count == peer.count:
            for (index, (a, b)) in zip(mine, peer).enumerated() where a != b {
                return firstDifference(a, b, at: path + "[\(index)]")
            }
        default:
            break
        }
        return "\(path): ours \(cut(ours)), XMLParser \(cut(theirs))"
    }

    /// The floor's timed work, as a function of its own for a profiler's inclusive counts.
    @inline(never)
    static func profileFloor(_ data: Data) throws -> Int {
        try XMLFloor.count(data)
    }

    /// Our timed work (converting and freeing the result), as a function of its own for a
    /// profiler's inclusive counts.
    @inline(never)
    static func profileConvert(_ data: Data) throws -> Int {
        try XMLConverter().convert(data).objectValue?.count ?? 0
    }

    /// Our conversion without freeing its result, which the caller keeps and frees: for the
    /// profiler's figure of the conversion alone (`--toggle-collect="*profileKeptConversion*"`).
    /// The floor builds nothing to free, and frees its parser inside `profileFloor` as our
    /// conversion frees its own inside this function, so `profileFloor` is its counterpart.
    @inline(never)
    static func profileKeptConversion(_ data: Data) throws -> JSONValue {
        try XMLConverter().convert(data)
    }

    /// A cnblogs site-home Atom feed of about `bytes` bytes: the shapes of cnblogs-api.md, with
    /// Chinese titles, double-escaped entities, an empty `<avatar/>` in one entry of five.
    static func makeFeed(bytes target: Int) -> (Data, Int) {
        var rng = SplitMix(seed: 6)
        let words = [
            "Swift", "并发", "SQLite", "缓存", "网络", "性能", "博客园", "actor", "XML", "布局", "测试", "Linux",
            "&amp;ldquo;源码&amp;rdquo;",
        ]
        func phrase(_ count: Int) -> String {
            (0..<count).map { _ in words[Int(rng.next() % UInt64(words.count))] }.joined(separator: " ")
        }
        var xml = #"<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom">"#
        xml += #"<title type="text">博客园_首页</title><id>uuid:5f1c9a2e-8d4b-4c1e-9a77-3b2f6d0e41c8;id=5521</id>"#
        xml += #"<updated>2026-11-30T04:02:11Z</updated><link href="http://www.cnblogs.com/" />"#
        var count = 0
        var id = 19_283_746
        while xml.utf8.count < target {
            count += 1
            id -= Int(rng.next() % 90) + 1
            let blogapp = "user\(rng.next() % 5000)"
            let avatar = rng.next() % 5 == 0 ? "<avatar/>" : "<avatar>http://pic.cnblogs.com/face/\(id).png</avatar>"
            xml += "<entry><id>\(id)</id><title type=\"text\">\(phrase(6))</title>"
            xml += "<summary type=\"text\">\(phrase(30))</summary>"
            xml +=
                "<published>2026-11-\(10 + rng.next() % 19)T14:15:00+08:00</published><updated>2026-11-30T06:27:36Z</updated>"
            xml +=
                "<author><name>\(blogapp.uppercased())</name><uri>http://www.cnblogs.com/\(blogapp)/</uri>\(avatar)</author>"
            xml += "<link rel=\"alternate\" href=\"http://www.cnblogs.com/\(blogapp)/p/\(id).html\" />"
            xml += "<blogapp>\(blogapp)</blogapp><diggs>\(rng.next() % 50)</diggs><views>\(rng.next() % 20_000)</views>"
            xml += "<comments>\(rng.next() % 40)</comments></entry>"
        }
        xml += "</feed>"
        return (Data(xml.utf8), count)
    }
}
