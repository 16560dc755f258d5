import BasicStore
import Foundation
import Synchronization
import TestSupport
import Testing

/// One store shared by many tasks.
@Suite struct ConcurrencyTests {
    /// What one task does, drawn from a seeded generator so the model can replay it.
    enum Step {
        case set(key: String, value: Int)
        case remove(key: String)
        case read(key: String)
        case append(value: Int)
        case removeFirst
        case increment
    }

    static func steps(task: Int, count: Int) -> [Step] {
        var generator = SeededGenerator(seed: UInt64(task + 1))
        return (0..<count).map { index in
            let key = "t\(task)-k\(Int.random(in: 0..<40, using: &generator))"
            switch Int.random(in: 0..<10, using: &generator) {
            case 0...3: return .set(key: key, value: index)
            case 4: return .remove(key: key)
            case 5...6: return .read(key: key)
            case 7: return .append(value: index)
            case 8: return .removeFirst
            default: return .increment
            }
        }
    }

    @Test("8 tasks writing and reading at once end in the state of a sequential model of their operations")
    func eightTasks() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let taskCount = 8
        let stepsPerTask = 500

        // Each task owns its keys and its list, so the model of each is sequential; the shared
        // counter is incremented by read-modify-write transactions from every task.
        let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<taskCount {
                group.addTask {
                    var model: [String: Int] = [:]
                    var list: [Int] = []
                    var mismatches = 0
                    for step in Self.steps(task: task, count: stepsPerTask) {
                        switch step {
                        case .set(let key, let value):
                            try store.set(value, forKey: key, in: "shared")
                            model[key] = value
                        case .remove(let key):
                            let removed = try store.remove(forKey: key, in: "shared")
                            if removed != (model.removeValue(forKey: key) != nil) { mismatches += 1 }
                        case .read(let key):
                            if try store.value(Int.self, forKey: key, in: "shared") != model[key] { mismatches += 1 }
                        case .append(let value):
                            try store.append(value, to: "list-\(task)")
                            list.append(value)
                        case .removeFirst:
                            guard !list.isEmpty else { continue }
                            try store.removeItem(at: 0, in: "list-\(task)")
                            list.removeFirst()
                        case .increment:
                            try store.write { tx in
                                let value = try tx.value(Int.self, forKey: "counter", in: "stats") ?? 0
                                try tx.set(value + 1, forKey: "counter", in: "stats")
                            }
                        }
                    }
                    if try store.items(Int.self, in: "list-\(task)") != list { mismatches += 1 }
                    return mismatches
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(mismatches == 0)

        // The final state equals the sequential model of all tasks' operations.
        var model: [String: Int] = [:]
        var lists: [Int: [Int]] = [:]
        var increments = 0
        for task in 0..<taskCount {
            for step in Self.steps(task: task, count: stepsPerTask) {
                switch step {
                case .set(let key, let value): model[key] = value
                case .remove(let key): model[key] = nil
                case .read: break
                case .append(let value): lists[task, default: []].append(value)
                case .removeFirst: if lists[task]?.isEmpty == false { lists[task]?.removeFirst() }
                case .increment: increments += 1
                }
            }
        }
        #expect(try Set(store.keys(in: "shared")) == Set(model.keys))
        for (key, value) in model {
            #expect(try store.value(Int.self, forKey: key, in: "shared") == value)
        }
        for task in 0..<taskCount {
            #expect(try store.items(Int.self, in: "list-\(task)") == lists[task] ?? [])
        }
        #expect(try store.value(Int.self, forKey: "counter", in: "stats") == increments)
        #expect(try store.integrityProblems() == [])
    }
}

/// Several connections creating one new store at the same moment.
@Suite struct ConcurrentCreationTests {
    @Test("8 threads opening one new store at once all open it and see each other's writes")
    func eightOpenersOfANewStore() async throws {
        let key = try StoreKey.randomRaw()
        // Each round is a new file, so every round races on creating it. Before the fix one
        // round in a few ended with an opener's SQLITE_BUSY from `PRAGMA journal_mode = WAL`.
        for round in 0..<20 {
            let fixture = try StoreFixture(name: "new-\(round).store")
            let failures = Mutex<[String]>([])
            let finished = DispatchGroup()
            for opener in 0..<8 {
                finished.enter()
                Thread {
                    defer { finished.leave() }
                    do {
                        let store = try KeyValueStore(at: fixture.url, key: key)
                        try store.set(opener, forKey: "opener-\(opener)", in: "race")
                    } catch {
                        failures.withLock { $0.append("opener \(opener): \(error)") }
                    }
                }.start()
            }
            // Waited for outside the cooperative pool, whose threads every other test needs.
            await withCheckedContinuation { continuation in
                finished.notify(queue: .global()) { continuation.resume() }
            }
            #expect(failures.withLock { $0 } == [], "round \(round)")
            let store = try KeyValueStore(at: fixture.url, key: key)
            #expect(try store.keys(in: "race").count == 8, "round \(round)")
        }
    }
}
