import BasicCache
import Testing

@Suite struct MemoryCacheTests {
    @Test("evicts the least recently used entry first; reads and updates count as use")
    func lruOrder() {
        let cache = MemoryCache<String, Int>(countLimit: 3)
        cache.setValue(1, forKey: "a")
        cache.setValue(2, forKey: "b")
        cache.setValue(3, forKey: "c")
        #expect(cache.keys == ["a", "b", "c"])
        #expect(cache.value(forKey: "a") == 1)  // a is now the most recent
        #expect(cache.keys == ["b", "c", "a"])
        #expect(cache.setValue(4, forKey: "d") == ["b"])
        #expect(cache.keys == ["c", "a", "d"])
        cache.setValue(30, forKey: "c")  // an update moves it to the end
        #expect(cache.setValue(5, forKey: "e") == ["a"])
        #expect(cache.keys == ["d", "c", "e"])
        #expect(cache.value(forKey: "c") == 30)
        #expect(cache.value(forKey: "b") == nil)
        #expect(cache.contains("d"))
        #expect(cache.keys == ["d", "e", "c"])  // contains does not count as use; value(forKey:) does
    }

    @Test("the cost limit evicts as many old entries as it takes")
    func costLimit() {
        let cache = MemoryCache<Int, String>(costLimit: 100)
        for key in 0..<5 { cache.setValue("v\(key)", forKey: key, cost: 20) }
        #expect(cache.totalCost == 100)
        #expect(cache.setValue("big", forKey: 9, cost: 70) == [0, 1, 2, 3])
        #expect(cache.keys == [4, 9])
        #expect(cache.totalCost == 90)
    }

    @Test("an entry costlier than the whole limit is not kept, and evicts nothing")
    func tooCostly() {
        let cache = MemoryCache<Int, String>(costLimit: 50)
        cache.setValue("a", forKey: 1, cost: 10)
        cache.setValue("old", forKey: 2, cost: 10)
        #expect(cache.setValue("huge", forKey: 2, cost: 51) == [])
        #expect(cache.keys == [1])
        #expect(cache.value(forKey: 2) == nil)
        #expect(cache.totalCost == 10)
    }

    @Test("remove and removeAll keep count and cost right, and slots are reused")
    func removal() {
        let cache = MemoryCache<Int, Int>(countLimit: 4, costLimit: 1000)
        for key in 0..<4 { cache.setValue(key, forKey: key, cost: key) }
        #expect(cache.removeValue(forKey: 1) == 1)
        #expect(cache.removeValue(forKey: 1) == nil)
        #expect(cache.count == 3)
        #expect(cache.totalCost == 5)
        cache.setValue(10, forKey: 10, cost: 1)
        #expect(cache.keys == [0, 2, 3, 10])
        cache.removeAll()
        #expect(cache.count == 0)
        #expect(cache.totalCost == 0)
        #expect(cache.keys.isEmpty)
        cache.setValue(1, forKey: 1)
        #expect(cache.keys == [1])
    }

    @Test("no limits keeps everything")
    func unlimited() {
        let cache = MemoryCache<Int, Int>()
        for key in 0..<1000 { cache.setValue(key, forKey: key, cost: 1_000_000) }
        #expect(cache.count == 1000)
    }

    @Test("many tasks at once leave a consistent cache within its limits")
    func concurrency() async {
        let cache = MemoryCache<Int, Int>(countLimit: 64, costLimit: 500)
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for step in 0..<2_000 {
                        let key = (worker * 7 + step) % 200
                        if step % 3 == 0 {
                            cache.removeValue(forKey: key)
                        } else if cache.value(forKey: key) == nil {
                            cache.setValue(key, forKey: key, cost: key % 10)
                        }
                    }
                }
            }
        }
        let keys = cache.keys
        #expect(keys.count == cache.count)
        #expect(Set(keys).count == keys.count)
        #expect(cache.count <= 64)
        #expect(cache.totalCost <= 500)
        #expect(cache.totalCost == keys.reduce(0) { $0 + $1 % 10 })
        for key in keys { #expect(cache.value(forKey: key) == key) }
    }
}
