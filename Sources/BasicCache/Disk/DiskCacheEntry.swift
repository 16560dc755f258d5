import Foundation

/// The bytes of one disk-cache entry: a 16-byte header (`BSC1`, the expiry as a big-endian
/// 64-bit count of milliseconds since 1970 or 0 for none, 4 reserved bytes) and the data.
/// The header tells our entries from stray files and carries the per-entry expiry.
struct DiskCacheEntry {
    static let magic = Array("BSC1".utf8)
    static let headerSize = 16

    let expiry: Date?
    let payload: Data

    /// Reads an entry; `nil` for bytes that are not one.
    init?(_ contents: Data) {
        guard contents.count >= Self.headerSize, Array(contents.prefix(4)) == Self.magic else { return nil }
        var milliseconds: UInt64 = 0
        for byte in contents[contents.startIndex + 4..<contents.startIndex + 12] {
            milliseconds = milliseconds << 8 | UInt64(byte)
        }
        expiry = milliseconds == 0 ? nil : Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        payload = Data(contents.dropFirst(Self.headerSize))  // a copy that starts at index 0
    }

    /// The bytes of an entry holding `data`.
    static func encode(_ data: Data, expiry: Date?) -> Data {
        var contents = Data(capacity: headerSize + data.count)
        contents.append(contentsOf: magic)
        // Past dates become 1 (expired), dates beyond UInt64 milliseconds or not finite become 0 (never).
        let milliseconds =
            expiry.map { date -> UInt64 in
                let value = (date.timeIntervalSince1970 * 1000).rounded()
                guard value.isFinite, value < 1.8e19 else { return 0 }
                return UInt64(max(1, value))
            } ?? 0
        for shift in stride(from: 56, through: 0, by: -8) {
            contents.append(UInt8(truncatingIfNeeded: milliseconds >> UInt64(shift)))
        }
        contents.append(contentsOf: [0, 0, 0, 0])
        contents.append(data)
        return contents
    }
}
