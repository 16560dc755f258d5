/// A number of bytes as the Budejie settings page shows it: `0B`…`999B`, then one decimal
/// with `KB`, `MB`, `GB`, `TB` (`1.5KB`, `12.3MB`), in decimal units (1 KB = 1000 B).
///
/// ```swift
/// ByteCount(12_345_678).formatted()            // "12.3MB"
/// ByteCount(999_999).formatted()               // "1.0MB", not "1000.0KB"
/// ByteCount(1536).formatted(.binary)           // "1.5KiB"
/// ```
public struct ByteCount: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Decimal units (the settings page's rule) or binary ones.
    public enum Units: String, Sendable, CaseIterable {
        /// 1 KB = 1000 B: `B`, `KB`, `MB`, `GB`, `TB`, `PB`, `EB`.
        case decimal
        /// 1 KiB = 1024 B: `B`, `KiB`, `MiB`, `GiB`, `TiB`, `PiB`, `EiB`.
        case binary

        var base: Double { self == .decimal ? 1000 : 1024 }
        var symbols: [String] {
            self == .decimal
                ? ["B", "KB", "MB", "GB", "TB", "PB", "EB"] : ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
        }
    }

    /// The number of bytes.
    public var bytes: Int64

    /// A count of `bytes`, of any integer type (file systems report `UInt64`, collections
    /// `Int`); counts past `Int64.max` (8 EiB) are clamped to it.
    public init(_ bytes: some BinaryInteger) {
        self.bytes = Int64(clamping: bytes)
    }

    /// The count as text: whole bytes below one unit, else one decimal (rounded half away from
    /// zero), moving to the next unit when the value would print as `1000.0` (`1024.0` in binary).
    public func formatted(_ units: Units = .decimal) -> String {
        let sign = bytes < 0 ? "-" : ""
        let magnitude = bytes.magnitude
        guard Double(magnitude) >= units.base else { return "\(sign)\(magnitude)B" }
        var value = Double(magnitude)
        var unit = 0
        while unit < units.symbols.count - 1 {
            value /= units.base
            unit += 1
            // Round as printed; a value that rounds up to a whole next unit moves up.
            let rounded = (value * 10).rounded(.toNearestOrAwayFromZero) / 10
            if rounded < units.base || unit == units.symbols.count - 1 {
                value = rounded
                break
            }
        }
        let tenths = Int64((value * 10).rounded(.toNearestOrAwayFromZero))
        return "\(sign)\(tenths / 10).\(tenths % 10)\(units.symbols[unit])"
    }

    /// The count in decimal units: `12.3MB`.
    public var description: String { formatted() }

    /// Orders counts by their bytes.
    public static func < (lhs: ByteCount, rhs: ByteCount) -> Bool { lhs.bytes < rhs.bytes }
}
