/// A growable stack of bytes in memory it owns, for ``TreeBuilder``'s text: appending is a
/// capacity check and a copy, without `Array`'s uniqueness check, and popping only lowers the
/// count.
///
/// Noncopyable, so that exactly one value owns the memory and frees it in `deinit`.
struct ByteStack: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes it holds.
    private(set) var count = 0

    /// An empty stack with room for `capacity` bytes before it grows.
    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Pushes `bytes` on top.
    ///
    /// - Complexity: O(*n*) in the length of `bytes`, amortized.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if bytes.count > capacity - count {
            grow(toAtLeast: count + bytes.count)
        }
        let target = base + count
        if bytes.count <= 16 {
            Self.copySmall(from: source, to: target, count: bytes.count)
        } else {
            target.initialize(from: source, count: bytes.count)
        }
        count += bytes.count
    }

    /// Copies 1 to 16 bytes with at most four loads and stores (two that may overlap, of the
    /// largest power of two that fits), where a call to `memcpy` costs more than the copy.
    @inline(__always)
    private static func copySmall(
        from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int
    ) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(target)
        if count >= 8 {
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
        } else if count >= 4 {
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
        } else {
            for index in 0..<count { target[index] = source[index] }
        }
    }

    /// Drops the bytes from `newCount` on; `newCount` is at most ``count``.
    mutating func removeAll(from newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "ByteStack.removeAll(from:) past the top")
        count = newCount
    }

    /// Calls `body` with the bytes from `start` to the top, valid only during the call.
    func withBytes<Result>(from start: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        precondition(start >= 0 && start <= count, "ByteStack.withBytes(from:) past the top")
        return body(UnsafeBufferPointer(start: base + start, count: count - start))
    }

    @inline(never)
    private mutating func grow(toAtLeast minimum: Int) {
        let newCapacity = max(minimum, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
