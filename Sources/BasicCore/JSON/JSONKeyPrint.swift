/// An object key's length and first 16 UTF-8 bytes (zero past the end): equal keys have equal
/// prints, and keys of up to 16 bytes are equal exactly when their prints are. The parser finds
/// repeated keys in an object by comparing prints, not by hashing, and finds recent keys again
/// in a ``JSONKeyCache`` by them.
struct JSONKeyPrint: Equatable {
    var length: Int
    var low: UInt64
    var high: UInt64

    /// The print of the `length` bytes at `start`, reading 16 bytes from `start` when
    /// `readable` (at least 16 bytes are there to read), and byte by byte otherwise.
    @inline(__always)
    init(bytesAt start: UnsafePointer<UInt8>, length: Int, readable: Bool) {
        self.length = length
        if readable {
            let raw = UnsafeRawPointer(start)
            low = raw.loadUnaligned(as: UInt64.self)
            high = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            if length < 8 {
                low &= (1 &<< (UInt64(length) &* 8)) &- 1
                high = 0
            } else if length < 16 {
                high &= (1 &<< (UInt64(length &- 8) &* 8)) &- 1
            }
        } else {
            low = 0
            high = 0
            for offset in 0..<min(length, 16) {
                let byte = UInt64(start[offset])
                if offset < 8 {
                    low |= byte &<< (UInt64(offset) &* 8)
                } else {
                    high |= byte &<< (UInt64(offset &- 8) &* 8)
                }
            }
        }
    }

    /// The print of a key already made, such as one with escapes.
    init(of key: String) {
        var key = key
        self = key.withUTF8 { bytes in
            guard let start = bytes.baseAddress else { return JSONKeyPrint(length: 0, low: 0, high: 0) }
            return JSONKeyPrint(bytesAt: start, length: bytes.count, readable: false)
        }
    }

    init(length: Int, low: UInt64, high: UInt64) {
        self.length = length
        self.low = low
        self.high = high
    }

    /// Whether the print alone says two keys are equal (at most 16 bytes).
    var isWhole: Bool { length <= 16 }
}
