import BasicCore
import Foundation

/// `bsl-bench keypath`: JSON parsing and key-path get/set on a realistic 1 MB document, ours
/// against Python's `json` module with plain indexing (same document, same paths, same run),
/// and against `JSONSerialization` parsing alone as the floor; and parsing a document of mostly
/// ASCII strings, ours against Python's.
struct KeyPathSuite {
    var repetitions = 15
    var pathCount = 1_000
    var targetBytes = 1_000_000

    /// With `--profile N`: only our parse of each document, then the gets and the sets, `N` times
    /// each, untimed, through ``profileParseDocument(_:)`` and ``profileParseASCII(_:)`` (parsing
    /// and freeing the result), ``profileGets(_:_:)`` and ``profileSets(_:_:)``, for callgrind's
    /// inclusive counts.
    var profileRounds: Int?
    /// With `--save FOLDER`: only write the two documents there (`document.json`, `ascii.json`),
    /// for profiling the Python peer on the same bytes (`keypath_peer.py --profile`).
    var saveFolder: String?

    init(arguments: [String]) throws {
        var rest = arguments[...]
        while let option = rest.popFirst() {
            if option == "--save", let folder = rest.popFirst() {
                saveFolder = folder
                continue
            }
            guard let value = rest.popFirst().flatMap(Int.init) else {
                throw BenchError(
                    "usage: bsl-bench keypath [--repetitions N] [--paths N] [--bytes N] [--profile N] [--save FOLDER]")
            }
            switch option {
            case "--repetitions": repetitions = value
            case "--paths": pathCount = value
            case "--bytes": targetBytes = value
            case "--profile": profileRounds = value
            default: throw BenchError("unknown option \(option)")
            }
        }
    }

    func run() async throws {
        var rng = SplitMix(seed: 42)
        let document = Self.makeDocument(bytes: targetBytes, using: &rng)
        let data = document.jsonData()
        let paths = Self.makePaths(count: pathCount, in: document, using: &rng)
        var asciiRNG = SplitMix(seed: 43)
        let asciiData = Self.makeASCIIDocument(bytes: targetBytes, using: &asciiRNG).jsonData()
        if let saveFolder {
            try data.write(to: URL(fileURLWithPath: saveFolder).appendingPathComponent("document.json"))
            try asciiData.write(to: URL(fileURLWithPath: saveFolder).appendingPathComponent("ascii.json"))
            return
        }
        if let profileRounds {
            var checksum = 0
            for _ in 0..<profileRounds {
                checksum &+= try Self.profileParseDocument(data)
                checksum &+= try Self.profileParseASCII(asciiData)
            }
            var parsed = try JSONValue(parsing: data)
            for _ in 0..<profileRounds {
                checksum &+= Self.profileGets(parsed, paths)
                try Self.profileSets(&parsed, paths)
            }
            print("profiled \(profileRounds) rounds (checksum \(checksum))")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bsl-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let documentFile = folder.appendingPathComponent("document.json")
        let asciiFile = folder.appendingPathComponent("ascii.json")
        let pathsFile = folder.appendingPathComponent("paths.json")
        try data.write(to: documentFile)
        try asciiData.write(to: asciiFile)
        try JSONValue.array(
            paths.map { path in
                .array(
                    path.components.map { component in
                        switch component {
                        case .key(let key): .string(key)
                        case .index(let index): .integer(Int64(index))
                        }
                    })
            }
        ).jsonData().write(to: pathsFile)

        print(
            "document: \(data.count) bytes, ASCII-strings document: \(asciiData.count) bytes, \(paths.count) key paths,"
                + " median of \(repetitions) runs, each right after an untimed run of the same case;"
                + " parses are timed up to and including freeing the result\n")

        // Ours and JSONSerialization, the cases taking turns; every closure drops its result, so
        // each parse is timed with its freeing, as Python's (its refcount frees the tree).
        var checksum = 0
        let parses = try Bench.interleavedMedians(
            repetitions: repetitions,
            [
                { checksum &+= try JSONValue(parsing: data).objectValue?.count ?? 0 },
                { checksum &+= try JSONValue(parsing: asciiData).objectValue?.count ?? 0 },
                {
                    let value = try JSONValue(parsing: data)
                    for path in paths where value.value(at: path) != nil { checksum &+= 1 }
                },
                {
                    let object = try JSONSerialization.jsonObject(with: data)
                    checksum &+= (object as? NSDictionary)?.count ?? 0
                },
            ])
        let (parse, parseASCII, parseAndGet, serialization) = (parses[0], parses[1], parses[2], parses[3])
        let parsed = try JSONValue(parsing: data)
        var mutable = parsed
        let access = try Bench.interleavedMedians(
            repetitions: repetitions,
            [
                { for path in paths where parsed.value(at: path) != nil { checksum &+= 1 } },
                { for path in paths { try mutable.set(.integer(7), at: path) } },
            ])
        let (get, set) = (access[0], access[1])
        checksum &+= mutable.int(at: paths[0]) ?? 0

        // The peer, on the same files.
        let peerOutput = try Bench.runPython(
            "keypath_peer.py", [documentFile.path, asciiFile.path, pathsFile.path, String(repetitions)])
        let peer = try JSONValue(parsing: peerOutput)
        func peerTime(_ key: String) throws -> Double {
            guard let seconds = peer[key]?.asDouble else { throw BenchError("the peer did not report \(key)") }
            return seconds
        }
        let python = peer["python"]?.asString ?? "python"

        Bench.printTable([
            .init(name: "parse 1 MB", ours: parse, peer: serialization, peerName: "JSONSerialization"),
            .init(name: "parse 1 MB", ours: parse, peer: try peerTime("parse"), peerName: "python json.loads"),
            .init(
                name: "parse 1 MB ASCII strings", ours: parseASCII, peer: try peerTime("parse_ascii"),
                peerName: "python json.loads"),
            .init(
                name: "parse + \(paths.count) gets", ours: parseAndGet, peer: serialization,
                peerName: "JSONSerialization parse only"),
            .init(
                name: "parse + \(paths.count) gets", ours: parseAndGet, peer: try peerTime("parse_and_get"),
                peerName: "python json.loads + indexing"),
            .init(name: "\(paths.count) gets", ours: get, peer: try peerTime("get"), peerName: "python indexing"),
            .init(name: "\(paths.count) sets", ours: set, peer: try peerTime("set"), peerName: "python indexing"),
        ])
        func megabytesPerSecond(_ bytes: Int, _ seconds: Double) -> String {
            String(format: "%.0f MB/s", Double(bytes) / seconds / 1e6)
        }
        print(
            "\nthroughput: ours \(megabytesPerSecond(data.count, parse)) (document),"
                + " \(megabytesPerSecond(asciiData.count, parseASCII)) (ASCII strings);"
                + " \(python) \(megabytesPerSecond(data.count, try peerTime("parse"))),"
                + " \(megabytesPerSecond(asciiData.count, try peerTime("parse_ascii")))")
        print("(checksum \(checksum))")
    }

    /// Our timed parse of the 1 MB document (parsing and freeing the result), as a function of its
    /// own for a profiler's inclusive counts.
    @inline(never)
    static func profileParseDocument(_ data: Data) throws -> Int {
        try JSONValue(parsing: data).objectValue?.count ?? 0
    }

    /// Our timed gets, as a function of its own for a profiler's inclusive counts.
    @inline(never)
    static func profileGets(_ parsed: JSONValue, _ paths: [JSONKeyPath]) -> Int {
        var found = 0
        for path in paths where parsed.value(at: path) != nil { found &+= 1 }
        return found
    }

    /// Our timed sets, as a function of its own for a profiler's inclusive counts.
    @inline(never)
    static func profileSets(_ value: inout JSONValue, _ paths: [JSONKeyPath]) throws {
        for path in paths { try value.set(.integer(7), at: path) }
    }

    /// The same for the document of ASCII strings.
    @inline(never)
    static func profileParseASCII(_ data: Data) throws -> Int {
        try JSONValue(parsing: data)["items"]?.arrayValue?.count ?? 0
    }

    // MARK: The document and the paths

    /// A cnblogs-like list response: `{"code":0,"msg":"ok","data":{"page":1,"list":[…]}}`.
    static func makeDocument(bytes target: Int, using rng: inout SplitMix) -> JSONValue {
        let words = ["Swift", "并发", "SQLite", "缓存", "网络", "性能", "博客园", "actor", "XML", "布局", "测试", "Linux"]
        var list: [JSONValue] = []
        var size = 0
        var id: Int64 = 4_133_083
        while size < target {
            id += Int64(rng.next() % 97) + 1
            let title = (0..<5).map { _ in words[Int(rng.next() % UInt64(words.count))] }.joined(separator: " ")
            let summary = (0..<30).map { _ in words[Int(rng.next() % UInt64(words.count))] }.joined(separator: " ")
            let blogapp = "user\(rng.next() % 5000)"
            let entry: JSONValue = [
                "id": .integer(id),
                "title": .string(title),
                "summary": .string(summary),
                "published": .string("2026-11-\(10 + rng.next() % 19)T14:15:00+08:00"),
                "updated": "2026-11-29T06:27:36Z",
                "author": [
                    "name": .string(blogapp.uppercased()),
                    "uri": .string("http://www.cnblogs.com/\(blogapp)/"),
                    "avatar": rng.next() % 4 == 0 ? nil : .string("http://pic.cnblogs.com/face/\(id).png"),
                ],
                "link": .string("http://www.cnblogs.com/\(blogapp)/p/\(id).html"),
                "blogapp": .string(blogapp),
                "diggs": .integer(Int64(rng.next() % 50)),
                "views": .integer(Int64(rng.next() % 20_000)),
                "comments": .integer(Int64(rng.next() % 40)),
                "score": .double(Double(rng.next() % 10_000) / 100),
                "tags": .array(
                    (0..<Int(rng.next() % 4)).map { _ in .string(words[Int(rng.next() % UInt64(words.count))]) }),
            ]
            size += entry.jsonString().utf8.count + 1
            list.append(entry)
        }
        return [
            "code": 0, "msg": "ok", "data": ["page": 1, "size": .integer(Int64(list.count)), "list": .array(list)],
        ]
    }

    /// A document of about `bytes` bytes whose strings are ASCII and most of its bytes: a list of
    /// English-language items (titles, summaries, URLs, a few numbers), as a feed API returns.
    static func makeASCIIDocument(bytes target: Int, using rng: inout SplitMix) -> JSONValue {
        let words = [
            "swift", "concurrency", "sqlite", "cache", "network", "performance", "actor", "layout", "testing",
            "linux", "parser", "the", "a", "of", "and", "with", "request", "response", "value", "string",
        ]
        func phrase(_ count: Int) -> String {
            (0..<count).map { _ in words[Int(rng.next() % UInt64(words.count))] }.joined(separator: " ")
        }
        var list: [JSONValue] = []
        var size = 0
        var id: Int64 = 1_000_000
        while size < target {
            id += Int64(rng.next() % 97) + 1
            let user = "user\(rng.next() % 5000)"
            let entry: JSONValue = [
                "id": .integer(id),
                "title": .string(phrase(8)),
                "summary": .string(phrase(60)),
                "url": .string("https://example.com/\(user)/posts/\(id).html"),
                "author": .string(user),
                "published": .string("2026-11-\(10 + rng.next() % 19)T14:15:00Z"),
                "views": .integer(Int64(rng.next() % 20_000)),
            ]
            size += entry.jsonString().utf8.count + 1
            list.append(entry)
        }
        return ["items": .array(list)]
    }

    /// Paths that exist in `document`, of the kinds a client reads.
    static func makePaths(count: Int, in document: JSONValue, using rng: inout SplitMix) -> [JSONKeyPath] {
        let listCount = document["data"]?["list"]?.arrayValue?.count ?? 1
        let leaves: [[JSONKeyPath.Component]] = [
            [.key("title")], [.key("views")], [.key("author"), .key("name")], [.key("author"), .key("uri")],
            [.key("link")], [.key("score")], [.key("id")], [.key("summary")],
        ]
        return (0..<count).map { _ in
            let index = Int(rng.next() % UInt64(listCount))
            let leaf = leaves[Int(rng.next() % UInt64(leaves.count))]
            return JSONKeyPath(components: [.key("data"), .key("list"), .index(index)] + leaf)
        }
    }
}

/// A deterministic generator, so that every run measures the same document.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
