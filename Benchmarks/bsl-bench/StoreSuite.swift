import BasicCore
import BasicStore
import Foundation

/// `bsl-bench store`: the same 100,000 records of ~200-byte JSON through our store encrypted and
/// unencrypted, through SQLite's C API directly (the floor), and through Python's sqlite3 with
/// the `cryptography` package's AESGCM doing the same encrypted work (the peer).
struct StoreSuite {
    var count = 100_000
    var repetitions = 3
    var readCount = 100_000
    var rangeCount = 1_000
    var rangeLength = 100
    /// With `--profile 1`: only each contender's batch write and point reads, once, untimed,
    /// through functions of their own (`profileEncryptedWrite`, `profileFloorReads`, …), for
    /// callgrind's inclusive counts, which the machine's load and the disk do not move.
    var profile = false

    init(arguments: [String]) throws {
        var rest = arguments[...]
        while let option = rest.popFirst() {
            guard let value = rest.popFirst().flatMap(Int.init), value > 0 else {
                throw BenchError(
                    "usage: bsl-bench store [--records N] [--repetitions N] [--reads N] [--ranges N] [--profile 1]")
            }
            switch option {
            case "--records": count = value
            case "--repetitions": repetitions = value
            case "--reads": readCount = value
            case "--ranges": rangeCount = value
            case "--profile": profile = true
            default: throw BenchError("unknown option \(option)")
            }
        }
    }

    /// The records, their keys, and the reads every contender does.
    struct Work {
        var records: [JSONValue]
        var keys: [String]
        var reads: [Int]
        var ranges: [Int]
        var rangeLength: Int
    }

    /// Median seconds per case.
    struct Figures {
        var batchWrite = 0.0
        var pointReads = 0.0
        var rangeReads = 0.0
        var open = 0.0
        var checksum = 0
    }

    /// Opens are short (~0.5 ms) and this machine is shared: many samples steady the median.
    static let openRepetitions = 201

    static let schema = """
        CREATE TABLE keyed_values(collection TEXT NOT NULL, key TEXT NOT NULL, value BLOB NOT NULL,
            PRIMARY KEY(collection, key)) WITHOUT ROWID;
        CREATE TABLE ordered_items(id INTEGER PRIMARY KEY, collection TEXT NOT NULL, position INTEGER NOT NULL,
            value BLOB NOT NULL);
        CREATE UNIQUE INDEX ordered_items_position ON ordered_items(collection, position);
        """

    func run() async throws {
        var rng = SplitMix(seed: 7)
        let records = (0..<count).map { Self.record($0, using: &rng) }
        let keys = (0..<count).map { String(format: "record-%06d", $0) }
        let work = Work(
            records: records, keys: keys, reads: (0..<readCount).map { _ in Int(rng.next() % UInt64(count)) },
            ranges: (0..<rangeCount).map { _ in Int(rng.next() % UInt64(max(1, count - rangeLength))) },
            rangeLength: rangeLength)
        let averageBytes = records.reduce(0) { $0 + $1.jsonData().count } / max(1, count)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bsl-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        print(
            """
            \(count) records of \(averageBytes) bytes of JSON on average; \(readCount) random point reads; \
            \(rangeCount) range reads of \(rangeLength) items; median of \(repetitions) runs (open: of \(Self.openRepetitions))

            """)
        let key = [UInt8]((0..<32).map { _ in UInt8(truncatingIfNeeded: rng.next()) })
        let contenders: [any StoreContender] = [
            StoreOurs(work, key: .raw(key), path: folder.appendingPathComponent("ours.store").path),
            StoreOurs(work, key: .none, path: folder.appendingPathComponent("plain.store").path),
            StoreFloor(work, path: folder.appendingPathComponent("floor.sqlite").path),
        ]
        if profile {
            for contender in contenders { contender.removeFiles() }
            var order = try Self.profileEncryptedWrite(contenders[0])
            order &+= try Self.profilePlainWrite(contenders[1])
            order &+= try Self.profileFloorWrite(contenders[2])
            for contender in contenders { try contender.fill() }
            order &+= try Self.profileEncryptedReads(contenders[0])
            order &+= try Self.profilePlainReads(contenders[1])
            order &+= try Self.profileFloorReads(contenders[2])
            for contender in contenders { contender.removeFiles() }
            print("profiled (checksum \(contenders.map(\.checksum).reduce(order, &+)))")
            return
        }
        let measured = try Self.measure(contenders, repetitions: repetitions)
        let (encrypted, plain, floor) = (measured[0], measured[1], measured[2])
        let peer = try Self.measurePeer(work, folder: folder, repetitions: repetitions)

        let cases: [(String, KeyPath<Figures, Double>)] = [
            ("batch write \(count)", \.batchWrite), ("\(readCount) point reads", \.pointReads),
            ("\(rangeCount) range reads ×\(rangeLength)", \.rangeReads), ("open", \.open),
        ]
        var rows: [Bench.Row] = []
        for (name, figure) in cases {
            rows.append(
                .init(
                    name: name, ours: encrypted[keyPath: figure], peer: floor[keyPath: figure],
                    peerName: "raw SQLite (floor)"))
            if let peer {
                rows.append(
                    .init(
                        name: name, ours: encrypted[keyPath: figure], peer: peer[keyPath: figure],
                        peerName: "python sqlite3+AESGCM"))
            }
            rows.append(
                .init(
                    name: name + " (ours unencrypted)", ours: plain[keyPath: figure], peer: floor[keyPath: figure],
                    peerName: "raw SQLite (floor)"))
        }
        Bench.printTable(rows)

        // What a passphrase adds to an open: PBKDF2-HMAC-SHA256 at the default 600,000 iterations.
        let passphraseFile = folder.appendingPathComponent("passphrase.store")
        _ = try KeyValueStore(at: passphraseFile, key: .passphrase("benchmark passphrase"))
        let passphraseOpen = try Bench.median(repetitions: 3) {
            _ = try KeyValueStore(at: passphraseFile, key: .passphrase("benchmark passphrase"))
        }
        print(
            "\nopen with a passphrase (PBKDF2-HMAC-SHA256, \(StoreKey.defaultIterations) iterations): \(Bench.format(passphraseOpen))"
        )
        print("(checksum \(encrypted.checksum &+ plain.checksum &+ floor.checksum))")
    }

    // One function per contender and phase, for a profiler's inclusive counts; each returns its
    // own number, so that the linker does not fold them into one.
    @inline(never) static func profileEncryptedWrite(_ contender: any StoreContender) throws -> Int {
        try contender.batchWrite()
        return 1
    }
    @inline(never) static func profilePlainWrite(_ contender: any StoreContender) throws -> Int {
        try contender.batchWrite()
        return 2
    }
    @inline(never) static func profileFloorWrite(_ contender: any StoreContender) throws -> Int {
        try contender.batchWrite()
        return 3
    }
    @inline(never) static func profileEncryptedReads(_ contender: any StoreContender) throws -> Int {
        try contender.pointReads()
        return 4
    }
    @inline(never) static func profilePlainReads(_ contender: any StoreContender) throws -> Int {
        try contender.pointReads()
        return 5
    }
    @inline(never) static func profileFloorReads(_ contender: any StoreContender) throws -> Int {
        try contender.pointReads()
        return 6
    }

    /// Runs every phase for all contenders, interleaving them within each repetition.
    static func measure(_ contenders: [any StoreContender], repetitions: Int) throws -> [Figures] {
        var figures = Array(repeating: Figures(), count: contenders.count)
        func interleaved(
            _ count: Int, setup: (any StoreContender) -> Void = { _ in }, _ body: (any StoreContender) throws -> Void
        )
            throws -> [Double]
        {
            var samples = Array(repeating: [Double](), count: contenders.count)
            for _ in 0..<count {
                for (index, contender) in contenders.enumerated() {
                    setup(contender)
                    samples[index].append(try Bench.median(repetitions: 1) { try body(contender) })
                }
            }
            return samples.map { $0.sorted()[$0.count / 2] }
        }
        for (index, value) in try interleaved(repetitions, setup: { $0.removeFiles() }, { try $0.batchWrite() })
            .enumerated()
        {
            figures[index].batchWrite = value
        }
        for contender in contenders { try contender.fill() }
        for (index, value) in try interleaved(repetitions, { try $0.pointReads() }).enumerated() {
            figures[index].pointReads = value
        }
        for (index, value) in try interleaved(repetitions, { try $0.rangeReads() }).enumerated() {
            figures[index].rangeReads = value
        }
        for contender in contenders { contender.closeReader() }
        for (index, value) in try interleaved(openRepetitions, { try $0.openAndRead() }).enumerated() {
            figures[index].open = value
        }
        for (index, contender) in contenders.enumerated() {
            figures[index].checksum = contender.checksum
            contender.removeFiles()
        }
        return figures
    }

    /// Runs the Python peer on the same records; nil (with the reason printed) when it cannot run.
    static func measurePeer(_ work: Work, folder: URL, repetitions: Int) throws -> Figures? {
        let recordsFile = folder.appendingPathComponent("records.jsonl")
        let workFile = folder.appendingPathComponent("work.json")
        var lines = Data()
        for record in work.records {
            lines.append(record.jsonData())
            lines.append(0x0a)
        }
        try lines.write(to: recordsFile)
        let description: JSONValue = [
            "reads": .array(work.reads.map { .integer(Int64($0)) }),
            "ranges": .array(work.ranges.map { .integer(Int64($0)) }),
            "range_length": .integer(Int64(work.rangeLength)),
        ]
        try description.jsonData().write(to: workFile)
        let output: Data
        do {
            output = try Bench.runPython(
                "store_peer.py", [recordsFile.path, workFile.path, folder.path, String(repetitions)])
        } catch {
            print("The Python peer did not run (\(error)); it needs `pip install cryptography`.\n")
            return nil
        }
        let result = try JSONValue(parsing: output)
        func seconds(_ key: String) throws -> Double {
            guard let value = result[key]?.asDouble else { throw BenchError("the peer did not report \(key)") }
            return value
        }
        return Figures(
            batchWrite: try seconds("batch_write"), pointReads: try seconds("point_reads"),
            rangeReads: try seconds("range_reads"), open: try seconds("open"))
    }

    /// A cnblogs-like article summary of about 200 bytes of JSON.
    static func record(_ index: Int, using rng: inout SplitMix) -> JSONValue {
        let words = ["Swift", "并发", "SQLite", "缓存", "网络", "性能", "博客园", "actor", "XML", "布局", "测试", "Linux"]
        let author = "user\(rng.next() % 5000)"
        let title = (0..<4).map { _ in words[Int(rng.next() % UInt64(words.count))] }.joined(separator: " ")
        return [
            "id": .integer(Int64(4_133_083 + index)),
            "title": .string(title),
            "author": .string(author),
            "url": .string("http://www.cnblogs.com/\(author)/p/\(4_133_083 + index).html"),
            "views": .integer(Int64(rng.next() % 20_000)),
            "diggs": .integer(Int64(rng.next() % 50)),
            "read": .bool(rng.next() % 2 == 0),
            "date": .string("2026-11-\(10 + rng.next() % 19)"),
            "tags": .array((0..<2).map { _ in .string(words[Int(rng.next() % UInt64(words.count))]) }),
        ]
    }

    static func removeStore(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
