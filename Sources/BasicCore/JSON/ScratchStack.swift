/// A stack of values on one heap buffer that the parser pushes onto and takes runs off by moving
/// them, not copying: the elements of the arrays (or members of the objects) being parsed,
/// innermost last. Taking a run moves it into a new array of exactly its size, so no container
/// grows by doubling, and no element is retained and released on the way.
struct ScratchStack<Element>: ~Copyable {
    fileprivate var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The number of elements on the stack.
    private(set) var count = 0

    init(capacity: Int = 16) {
        self.capacity = max(capacity, 1)
        storage = .allocate(capacity: self.capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    /// The element at `index`, counted from the bottom of the stack.
    @inline(__always)
    subscript(index: Int) -> Element {
        get { storage[index] }
    }

    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (storage + count).initialize(to: element)
        count += 1
    }

    /// Removes the top element and returns it.
    ///
    /// - Precondition: the stack is not empty.
    @inline(__always)
    mutating func pop() -> Element {
        count -= 1
        return (storage + count).move()
    }

    /// Moves the elements from `start` to the top into an array, in order, and leaves the
    /// stack `start` high.
    mutating func popArray(from start: Int) -> [Element] {
        let taken = count - start
        // `reserveCapacity` and `append`, not `Array(unsafeUninitializedCapacity:)`: the latter
        // reaches an unspecialized allocation that looks up the array's type metadata at run
        // time on every call (about 700 instructions, measured under callgrind).
        var array: [Element] = []
        array.reserveCapacity(taken)
        for index in start..<count {
            array.append((storage + index).move())
        }
        count = start
        return array
    }

    /// Drops the elements from `start` to the top.
    mutating func removeAll(from start: Int) {
        (storage + start).deinitialize(count: count - start)
        count = start
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }
}

extension ScratchStack where Element == JSONObject.Entry {
    /// Gives the top member its value: the parser pushes a member when it has read the key, and
    /// fills it in when the value is complete.
    ///
    /// - Precondition: the stack is not empty.
    @inline(__always)
    mutating func setTopValue(_ value: consuming JSONValue) {
        storage[count - 1].value = value
    }
}
