import BasicStore
import Foundation
import TestSupport
import Testing

/// A writer killed with SIGKILL at random moments never loses an acknowledged batch and never
/// leaves part of one.
@Suite struct CrashTests {
    static let stress = TestPaths.builtProduct("store-stress")
    static let key = [UInt8](repeating: 0x5a, count: 32)

    struct Entry: Codable {
        var batch: Int
        var index: Int
        var padding: String
    }

    @Test("50 rounds of SIGKILL mid-write: integrity_check passes, every acknowledged batch is whole, none is partial")
    func killedWriter() async throws {
        let fixture = try StoreFixture()
        let keyHex = Self.key.map { String(format: "%02x", $0) }.joined()
        var next = 0
        var acknowledgedTotal = 0
        var generator = SystemRandomNumberGenerator()
        for round in 0..<50 {
            // Given a writer that acknowledges each committed batch,
            let child = try ChildProcess(Self.stress, ["crash", fixture.path, keyHex, String(next)])
            // when it is killed at a random moment (sometimes before it has opened the store),
            try await Task.sleep(for: .microseconds(UInt32.random(in: 5_000...120_000, using: &generator)))
            child.kill()
            let (_, output) = await child.finish(timeout: 10)
            let acknowledged = output.split(separator: "\n").compactMap { line in
                line.hasPrefix("ack ") ? Int(line.dropFirst(4)) : nil
            }
            acknowledgedTotal += acknowledged.count

            // then the file is sound, every acknowledged batch is there in full, and no batch is partial.
            let store = try KeyValueStore(at: fixture.url, key: .raw(Self.key))
            #expect(try store.integrityProblems() == [], "round \(round)")
            var sizes: [Int: Int] = [:]
            for key in try store.keys(in: "crash") {
                let batch = Int(key.dropFirst().prefix { $0 != "-" }) ?? -1
                sizes[batch, default: 0] += 1
            }
            for batch in acknowledged {
                #expect(
                    sizes[batch] == 10,
                    "round \(round): acknowledged batch \(batch) has \(sizes[batch] ?? 0) of 10 keys")
                let entry = try store.value(Entry.self, forKey: "b\(batch)-9", in: "crash")
                #expect(entry?.batch == batch && entry?.index == 9)
            }
            #expect(sizes.values.allSatisfy { $0 == 10 }, "round \(round): a partial batch is visible")
            let last = try store.value(Int.self, forKey: "last", in: "meta")
            #expect(last == sizes.keys.max(), "round \(round)")
            #expect(sizes.count == (last.map { $0 + 1 } ?? 0), "round \(round): batches are missing")
            next = (last ?? -1) + 1
        }
        // The test is only worth something if the writer got going in most rounds.
        #expect(acknowledgedTotal > 50, "only \(acknowledgedTotal) batches were acknowledged in 50 rounds")
    }

    @Test(
        "a rekey killed at random moments leaves exactly one passphrase working, and every value readable; both outcomes occur"
    )
    func killedRekey() async throws {
        // Given a store of 3,000 values under passphrase "A",
        let fixture = try StoreFixture()
        let iterations = StoreFixture.iterations
        do {
            let store = try KeyValueStore(at: fixture.url, key: .passphrase("A", iterations: iterations))
            try store.write { tx in
                for index in 0..<3_000 { try tx.set("value \(index)", forKey: "k\(index)", in: "c") }
            }
        }
        var current = "A"
        var completed = 0
        var rounds = 0
        var longestDelay: UInt32 = 150_000
        var generator = SystemRandomNumberGenerator()
        // At least 12 rounds, and more (up to 60) until both outcomes have occurred.
        while rounds < 12 || (rounds < 60 && (completed == 0 || completed == rounds)) {
            let round = rounds
            rounds += 1
            // when a process changing it to the other passphrase is killed at a random moment,
            let next = current == "A" ? "B" : "A"
            let child = try ChildProcess(
                Self.stress, ["rekey", fixture.path, current, next, String(iterations)])
            try await Task.sleep(for: .microseconds(UInt32.random(in: 5_000...longestDelay, using: &generator)))
            child.kill()
            let (_, output) = await child.finish(timeout: 30)

            // then either the rekey committed (only the new passphrase opens the store) or it did
            // not (only the old one does), and every value reads under the one that works.
            let opensWithOld = (try? KeyValueStore(at: fixture.url, key: .passphrase(current))) != nil
            let opensWithNew = (try? KeyValueStore(at: fixture.url, key: .passphrase(next))) != nil
            #expect(opensWithOld != opensWithNew, "round \(round): old \(opensWithOld), new \(opensWithNew)")
            if output.contains("rekeyed") { #expect(opensWithNew, "round \(round)") }
            if opensWithNew {
                current = next
                completed += 1
            } else if completed == 0 {
                longestDelay = min(longestDelay * 3 / 2, 3_000_000)  // a slow machine: wait longer
            }
            let store = try KeyValueStore(at: fixture.url, key: .passphrase(current))
            #expect(try store.integrityProblems() == [], "round \(round)")
            #expect(try store.count(in: "c") == 3_000)
            #expect(try store.value(String.self, forKey: "k2999", in: "c") == "value 2999")
            let values = try store.read { tx in
                try (0..<3_000).map { try tx.value(String.self, forKey: "k\($0)", in: "c") }
            }
            #expect(values == (0..<3_000).map { "value \($0)" }, "round \(round)")
        }
        // The test only exercises both paths if some kills landed before the commit and some after.
        #expect(completed > 0, "no rekey committed before the kill in \(rounds) rounds")
        #expect(completed < rounds, "every rekey committed before the kill in \(rounds) rounds")
    }

    @Test("after another process rekeys the file, this process's writes are keyChanged")
    func rekeyedByAnotherProcess() async throws {
        // Given a store open here with passphrase "A",
        let fixture = try StoreFixture()
        let iterations = StoreFixture.iterations
        let store = try KeyValueStore(at: fixture.url, key: .passphrase("A", iterations: iterations))
        try store.set("before", forKey: "k", in: "c")
        // when another process changes it to "B",
        let child = try ChildProcess(Self.stress, ["rekey", fixture.path, "A", "B", String(iterations)])
        let (status, output) = await child.finish(timeout: 30)
        #expect(status == 0 && output == "rekeyed\n", "\(output)")
        // then a write here throws keyChanged, and "B" opens every value.
        #expect(throws: StoreError.keyChanged(path: fixture.path)) { try store.set("after", forKey: "k2", in: "c") }
        let reopened = try KeyValueStore(at: fixture.url, key: .passphrase("B"))
        #expect(try reopened.keys(in: "c") == ["k"])
        #expect(try reopened.value(String.self, forKey: "k", in: "c") == "before")
    }

    @Test("two processes writing the same file both make progress and lose nothing")
    func twoProcesses() async throws {
        let fixture = try StoreFixture()
        let keyHex = Self.key.map { String(format: "%02x", $0) }.joined()
        _ = try KeyValueStore(at: fixture.url, key: .raw(Self.key))  // created before both start
        let first = try ChildProcess(Self.stress, ["increment", fixture.path, keyHex, "150", "first"])
        let second = try ChildProcess(Self.stress, ["increment", fixture.path, keyHex, "150", "second"])
        let results = [await first.finish(timeout: 60), await second.finish(timeout: 60)]
        #expect(results.map(\.status) == [0, 0])
        #expect(results.map(\.output) == ["done first\n", "done second\n"])

        let store = try KeyValueStore(at: fixture.url, key: .raw(Self.key))
        #expect(try store.value(Int.self, forKey: "counter", in: "shared") == 300)
        #expect(try store.count(in: "marks") == 300)
        #expect(try store.integrityProblems() == [])
    }
}
