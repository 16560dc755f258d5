import BasicCache
import Foundation

/// `bsl-bench cache`: folder size against `du` and the FileManager way, clear against
/// `rm -rf`, and MemoryCache against NSCache, on the same tree and keys in one run.
struct CacheSuite {
    var files = 100_000
    var folders = 1_000
    var repetitions = 5

    init(arguments: [String]) throws {
        var rest = arguments[...]
        while let option = rest.popFirst() {
            guard let value = rest.popFirst().flatMap(Int.init) else {
                throw BenchError("usage: bsl-bench cache [--files N] [--folders N] [--repetitions N]")
            }
            switch option {
            case "--files": files = value
            case "--folders": folders = value
            case "--repetitions": repetitions = value
            default: throw BenchError("unknown option \(option)")
            }
        }
    }

    func run() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("bsl-bench-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let tree = base.appendingPathComponent("tree")
        try makeTree(at: tree)
        print("tree: \(files) files in \(folders) folders; median of \(repetitions) runs\n")

        var rows: [Bench.Row] = []
        var size = DirectorySize()
        let ours = try await Bench.medianAsync(repetitions: repetitions) {
            size = try await DirectorySize.measure(tree)
        }
        let apparent = try Bench.median(repetitions: repetitions) {
            try Bench.runQuietly("/usr/bin/du", ["-s", "--apparent-size", "-B1", tree.path])
        }
        let blocks = try Bench.median(repetitions: repetitions) {
            try Bench.runQuietly("/usr/bin/du", ["-s", tree.path])
        }
        let foundation = try Bench.median(repetitions: max(1, repetitions / 2)) {
            _ = try fileManagerSize(tree)
        }
        guard size.fileCount == files, try fileManagerSize(tree) == size.logicalBytes else {
            throw BenchError("the sizes disagree: ours \(size.logicalBytes) in \(size.fileCount) files")
        }
        rows.append(.init(name: "size", ours: ours, peer: apparent, peerName: "du -s --apparent-size -B1"))
        rows.append(.init(name: "size", ours: ours, peer: blocks, peerName: "du -s"))
        rows.append(.init(name: "size", ours: ours, peer: foundation, peerName: "FileManager.enumerator + attributes"))

        // Clear: each round on fresh copies of the tree, flushed to disk first (`sync`) so that
        // neither side pays for the copies' writeback, and the two taking turns to go first.
        var oursClear: [Double] = []
        var rmClear: [Double] = []
        let clearRounds = min(repetitions, 3)  // each round copies the tree twice: slow on a busy disk
        for round in 0..<clearRounds {
            let copyA = base.appendingPathComponent("a\(round)")
            let copyB = base.appendingPathComponent("b\(round)")
            try Bench.runQuietly("/bin/cp", ["-a", tree.path, copyA.path])
            try Bench.runQuietly("/bin/cp", ["-a", tree.path, copyB.path])
            try Bench.runQuietly("/bin/sync", [])
            func clearOurs() async throws {
                oursClear.append(
                    try await Bench.medianAsync(repetitions: 1) { _ = try await FolderCleaner.clear(copyA) })
            }
            func clearWithRM() throws {
                rmClear.append(
                    try Bench.median(repetitions: 1) { try Bench.runQuietly("/bin/rm", ["-rf", copyB.path]) })
            }
            if round.isMultiple(of: 2) {
                try await clearOurs()
                try clearWithRM()
            } else {
                try clearWithRM()
                try await clearOurs()
            }
        }
        rows.append(
            .init(
                name: "clear", ours: oursClear.sorted()[clearRounds / 2], peer: rmClear.sorted()[clearRounds / 2],
                peerName: "rm -rf"))

        // Memory caches: the same mixed gets and sets on 10,000 keys, 5,000 kept.
        let operations = 1_000_000
        var rng = SplitMix(seed: 7)
        let keyIndexes = (0..<operations).map { _ in Int(rng.next() % 10_000) }
        let keys = (0..<10_000).map { "image-\($0)" }
        let nsKeys = keys.map { NSString(string: $0) }
        let values = (0..<10_000).map { NSNumber(value: $0) }
        var hits = 0
        let memory = Bench.median(repetitions: repetitions) {
            let cache = MemoryCache<String, NSNumber>(countLimit: 5_000)
            for index in keyIndexes {
                if cache.value(forKey: keys[index]) != nil {
                    hits += 1
                } else {
                    cache.setValue(values[index], forKey: keys[index])
                }
            }
        }
        let nsCache = Bench.median(repetitions: repetitions) {
            let cache = NSCache<NSString, NSNumber>()
            cache.countLimit = 5_000
            for index in keyIndexes {
                if cache.object(forKey: nsKeys[index]) != nil {
                    hits += 1
                } else {
                    cache.setObject(values[index], forKey: nsKeys[index])
                }
            }
        }
        rows.append(.init(name: "1M memory cache get/set", ours: memory, peer: nsCache, peerName: "NSCache"))
        Bench.printTable(rows)
        print(
            "\nours: \(size.logicalBytes) bytes in \(size.fileCount) files; memory cache ops/s: ours "
                + "\(Int(Double(operations) / memory)), NSCache \(Int(Double(operations) / nsCache)) (hits \(hits))")
    }

    private func makeTree(at root: URL) throws {
        var rng = SplitMix(seed: 3)
        let perFolder = max(1, files / folders)
        var written = 0
        for folder in 0..<folders {
            let path = root.appendingPathComponent("d\(folder / 32)/f\(folder)")
            try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
            for file in 0..<perFolder where written < files {
                let size = Int(rng.next() % 4096)
                _ = FileManager.default.createFile(
                    atPath: path.appendingPathComponent("\(file).bin").path, contents: Data(count: size))
                written += 1
            }
        }
    }

    /// The original's way: FileManager's enumerator and each file's attributes.
    private func fileManagerSize(_ root: URL) throws -> UInt64 {
        var total: UInt64 = 0
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return 0 }
        while let relative = enumerator.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(atPath: root.path + "/" + relative)
            if attributes[.type] as? FileAttributeType == .typeRegular {
                total += (attributes[.size] as? NSNumber)?.uint64Value ?? 0
            }
        }
        return total
    }
}
