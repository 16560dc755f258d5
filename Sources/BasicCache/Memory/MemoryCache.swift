import Synchronization

/// A thread-safe in-memory cache with count and cost limits that evicts the least recently
/// used entry first: NSCache's job, with an eviction order you can rely on and test.
///
/// ```swift
/// let cache = MemoryCache<String, Data>(countLimit: 100, costLimit: 20_000_000)
/// cache.setValue(data, forKey: url, cost: data.count)
/// let hit = cache.value(forKey: url)   // marks it recently used
/// ```
///
/// Reading or setting an entry makes it the most recently used. When a set goes over a limit,
/// the least recently used entries go until the cache is within both limits; an entry whose
/// own cost is over the cost limit is not kept at all.
///
/// - Complexity: O(1) on average for every operation but ``removeAll()`` and ``keys``.
public final class MemoryCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// Most entries kept; `0` for no limit.
    public let countLimit: Int
    /// Largest total cost kept; `0` for no limit.
    public let costLimit: Int
    private let state: Mutex<LRUList<Key, Value>>

    /// Creates a cache with limits; `0` means no limit.
    public init(countLimit: Int = 0, costLimit: Int = 0) {
        self.countLimit = max(0, countLimit)
        self.costLimit = max(0, costLimit)
        state = Mutex(LRUList())
    }

    /// The value for `key`, which becomes the most recently used; `nil` when absent.
    public func value(forKey key: Key) -> Value? {
        state.withLock { $0.value(forKey: key) }
    }

    /// Whether `key` is cached, without changing its recency.
    public func contains(_ key: Key) -> Bool {
        state.withLock { $0.contains(key) }
    }

    /// Stores `value` for `key` as the most recently used, then evicts the least recently used
    /// entries until the cache is within its limits.
    ///
    /// - Returns: the keys evicted, least recently used first.
    @discardableResult
    public func setValue(_ value: Value, forKey key: Key, cost: Int = 0) -> [Key] {
        state.withLock { list in
            guard costLimit == 0 || cost <= costLimit else {
                _ = list.remove(key)  // too costly to keep: the old value goes too, as it was replaced
                return []
            }
            list.set(value, forKey: key, cost: max(0, cost))
            var evicted: [Key] = []
            while (countLimit > 0 && list.count > countLimit) || (costLimit > 0 && list.totalCost > costLimit),
                let key = list.removeLeastRecentlyUsed()
            {
                evicted.append(key)
            }
            return evicted
        }
    }

    /// Removes `key`; returns its value if it was cached.
    @discardableResult
    public func removeValue(forKey key: Key) -> Value? {
        state.withLock { $0.remove(key) }
    }

    /// Removes everything.
    public func removeAll() {
        state.withLock { $0 = LRUList() }
    }

    /// The number of entries.
    public var count: Int { state.withLock { $0.count } }

    /// The sum of the entries' costs.
    public var totalCost: Int { state.withLock { $0.totalCost } }

    /// The keys from least to most recently used: the order eviction takes them in.
    ///
    /// - Complexity: O(*n*).
    public var keys: [Key] { state.withLock { $0.keysInOrder() } }
}

/// A doubly linked list of entries in an array, with a key index: least recently used at the
/// head, most recently used at the tail. Slots of removed entries are reused.
struct LRUList<Key: Hashable, Value>: ~Copyable {
    private struct Node {
        var key: Key
        var value: Value
        var cost: Int
        var previous: Int
        var next: Int
    }

    private var nodes: [Node?] = []
    private var free: [Int] = []
    private var index: [Key: Int] = [:]
    private var head = -1
    private var tail = -1
    private(set) var totalCost = 0

    init() {}

    var count: Int { index.count }

    func contains(_ key: Key) -> Bool { index[key] != nil }

    mutating func value(forKey key: Key) -> Value? {
        guard let slot = index[key], let node = nodes[slot] else { return nil }
        moveToTail(slot)
        return node.value
    }

    mutating func set(_ value: Value, forKey key: Key, cost: Int) {
        if let slot = index[key], var node = nodes[slot] {
            totalCost += cost - node.cost
            node.value = value
            node.cost = cost
            nodes[slot] = node
            moveToTail(slot)
            return
        }
        let node = Node(key: key, value: value, cost: cost, previous: tail, next: -1)
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            nodes[slot] = node
        } else {
            slot = nodes.count
            nodes.append(node)
        }
        if tail >= 0 { nodes[tail]?.next = slot } else { head = slot }
        tail = slot
        index[key] = slot
        totalCost += cost
    }

    mutating func remove(_ key: Key) -> Value? {
        guard let slot = index[key] else { return nil }
        return removeSlot(slot)
    }

    mutating func removeLeastRecentlyUsed() -> Key? {
        guard head >= 0, let key = nodes[head]?.key else { return nil }
        _ = removeSlot(head)
        return key
    }

    func keysInOrder() -> [Key] {
        var keys: [Key] = []
        var slot = head
        while slot >= 0, let node = nodes[slot] {
            keys.append(node.key)
            slot = node.next
        }
        return keys
    }

    private mutating func removeSlot(_ slot: Int) -> Value? {
        guard let node = nodes[slot] else { return nil }
        unlink(slot)
        nodes[slot] = nil
        free.append(slot)
        index[node.key] = nil
        totalCost -= node.cost
        return node.value
    }

    private mutating func unlink(_ slot: Int) {
        guard let node = nodes[slot] else { return }
        if node.previous >= 0 { nodes[node.previous]?.next = node.next } else { head = node.next }
        if node.next >= 0 { nodes[node.next]?.previous = node.previous } else { tail = node.previous }
    }

    private mutating func moveToTail(_ slot: Int) {
        guard slot != tail else { return }
        unlink(slot)
        nodes[slot]?.previous = tail
        nodes[slot]?.next = -1
        if tail >= 0 { nodes[tail]?.next = slot } else { head = slot }
        tail = slot
    }
}
