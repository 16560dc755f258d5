/// The keys the parser made most recently, found again by their print, so that the keys an API
/// repeats in every object (`"id"`, `"title"`) are made and checked once, not once per object:
/// a direct-mapped table of 128 slots, where a new key takes its slot from the key before it.
/// Holds keys of at most 16 bytes, which the print identifies exactly.
struct JSONKeyCache: ~Copyable {
    private struct Slot {
        var print: JSONKeyPrint
        var key: String
    }

    private static let slotCount = 128
    private let slots: UnsafeMutablePointer<Slot>

    init() {
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(
            repeating: Slot(print: JSONKeyPrint(length: -1, low: 0, high: 0), key: ""), count: Self.slotCount)
    }

    deinit {
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
    }

    @inline(__always)
    private static func slot(for print: JSONKeyPrint) -> Int {
        let mixed = (print.low &* 0x9E37_79B9_7F4A_7C15) ^ (print.high &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(print.length)
        return Int(truncatingIfNeeded: (mixed &* 0xFF51_AFD7_ED55_8CCD) &>> 57)
    }

    /// The key with this print, if the cache holds it.
    @inline(__always)
    func key(for print: JSONKeyPrint) -> String? {
        let slot = slots + Self.slot(for: print)
        return slot.pointee.print == print ? slot.pointee.key : nil
    }

    /// Remembers `key`, whose print is `print` (of at most 16 bytes).
    @inline(__always)
    func remember(_ key: String, for print: JSONKeyPrint) {
        let slot = slots + Self.slot(for: print)
        slot.pointee = Slot(print: print, key: key)
    }
}
