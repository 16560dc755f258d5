/// A growable stack of values in memory it owns, for ``TreeBuilder``'s bookkeeping: pushing is
/// a capacity check and a store, reading a load, without `Array`'s uniqueness and bounds checks
/// (each callback of a parse touches several stacks, and those checks were a good part of the
/// builder's own instructions).
///
/// The elements from 0 to ``count`` are initialized. Indices are the caller's to get right:
/// they are checked in debug builds only.
///
/// Noncopyable, so that exactly one value owns the memory and frees it in `deinit`.
struct UnsafeStack<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// How many elements it holds.
    private(set) var count = 0

    /// An empty stack with room for `capacity` elements before it grows.
    init(capacity: Int) {
        self.capacity = max(capacity, 8)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Whether it holds nothing.
    var isEmpty: Bool {
        @inline(__always) get { count == 0 }
    }

    /// Pushes `element` on top.
    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count &+= 1
    }

    /// Takes the top element off.
    @inline(__always)
    mutating func pop() -> Element {
        assert(count > 0, "UnsafeStack.pop() on an empty stack")
        count &-= 1
        return (base + count).move()
    }

    /// The element at `index`, below ``count``.
    subscript(index: Int) -> Element {
        @inline(__always) get {
            assert(index >= 0 && index < count, "UnsafeStack index out of range")
            return base[index]
        }
        @inline(__always) nonmutating set {
            assert(index >= 0 && index < count, "UnsafeStack index out of range")
            base[index] = newValue
        }
    }

    /// The top element, which must exist.
    var last: Element {
        @inline(__always) get { self[count &- 1] }
    }

    /// Moves the element at `index` out, leaving its slot uninitialized: every slot from some
    /// index to the top must then be moved out before ``forget(from:)`` drops them.
    @inline(__always)
    func take(at index: Int) -> Element {
        assert(index >= 0 && index < count, "UnsafeStack index out of range")
        return (base + index).move()
    }

    /// Drops the elements from `newCount` on, which ``take(at:)`` has already moved out.
    @inline(__always)
    mutating func forget(from newCount: Int) {
        assert(newCount >= 0 && newCount <= count, "UnsafeStack.forget(from:) past the top")
        count = newCount
    }

    /// Removes (and destroys) the elements from `newCount` on.
    @inline(__always)
    mutating func removeAll(from newCount: Int) {
        assert(newCount >= 0 && newCount <= count, "UnsafeStack.removeAll(from:) past the top")
        (base + newCount).deinitialize(count: count &- newCount)
        count = newCount
    }

    /// Calls `body` with the elements from `start` to the top, valid only during the call.
    func withElements<Result>(from start: Int, _ body: (UnsafeBufferPointer<Element>) -> Result) -> Result {
        assert(start >= 0 && start <= count, "UnsafeStack.withElements(from:) past the top")
        return body(UnsafeBufferPointer(start: base + start, count: count &- start))
    }

    @inline(never)
    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
