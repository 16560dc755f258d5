import Foundation

/// SHA-256 (FIPS 180-4).
///
/// ```swift
/// let digest = SHA256.hash(Array("abc".utf8))   // 32 bytes: ba7816bf…
/// print(SHA256.hexDigest(Array("abc".utf8)))
/// ```
public enum SHA256 {
    /// The size of a digest in bytes: 32.
    public static let byteCount = 32

    /// The 32-byte digest of `data`.
    ///
    /// - Complexity: O(*n*) in the size of `data`.
    public static func hash(_ data: some ContiguousBytes) -> [UInt8] {
        data.withUnsafeBytes { Backend.sha256($0) }
    }

    /// The digest of `data` as 64 lowercase hexadecimal digits.
    ///
    /// - Complexity: O(*n*) in the size of `data`.
    public static func hexDigest(_ data: some ContiguousBytes) -> String {
        hash(data).hexString
    }
}

extension Array where Element == UInt8 {
    /// The bytes as lowercase hexadecimal digits, two per byte.
    public var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(count * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Reads hexadecimal digits (either case, an even number of them) into bytes; `nil` for
    /// anything else.
    public init?(hexString: String) {
        let utf8 = Array(hexString.utf8)
        guard utf8.count.isMultiple(of: 2) else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var bytes = [UInt8]()
        bytes.reserveCapacity(utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = value(utf8[index]), let low = value(utf8[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        self = bytes
    }
}
