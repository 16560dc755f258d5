import Foundation

/// How ``JSONValue`` renders as text.
///
/// ```swift
/// value.jsonString()            // {"a":[1,2]}
/// value.jsonString(.pretty)     // two-space indentation, one member per line
/// ```
public struct JSONRenderingStyle: Sendable, Hashable {
    /// Spaces per level; `0` puts the whole document on one line with no spaces.
    public var indentWidth: Int
    /// Whether object keys are written in sorted order instead of insertion order.
    public var sortsKeys: Bool

    /// Creates a style.
    public init(indentWidth: Int = 0, sortsKeys: Bool = false) {
        self.indentWidth = max(0, indentWidth)
        self.sortsKeys = sortsKeys
    }

    /// One line, no spaces, keys in insertion order: `{"a":[1,2]}`.
    public static let compact = JSONRenderingStyle()
    /// Two-space indentation, `"key": value`, keys in insertion order.
    public static let pretty = JSONRenderingStyle(indentWidth: 2)
}

extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON text.
    public var description: String { jsonString() }

    /// The value as JSON text.
    ///
    /// Slashes are not escaped and non-ASCII characters are written as they are (UTF-8);
    /// quotes, backslashes and control characters are escaped. Doubles that are not finite,
    /// which JSON cannot hold, are written as `null` (as JavaScript's `JSON.stringify` does).
    ///
    /// - Complexity: O(*n*) in the size of the output.
    public func jsonString(_ style: JSONRenderingStyle = .compact) -> String {
        var writer = JSONWriter(style: style)
        writer.write(self, level: 0)
        return String(decoding: writer.output, as: UTF8.self)
    }

    /// The value as UTF-8 JSON data; see ``jsonString(_:)``.
    public func jsonData(_ style: JSONRenderingStyle = .compact) -> Data {
        var writer = JSONWriter(style: style)
        writer.write(self, level: 0)
        return Data(writer.output)
    }
}

/// Writes JSON text into a byte buffer.
struct JSONWriter {
    let style: JSONRenderingStyle
    var output: [UInt8] = []

    init(style: JSONRenderingStyle) {
        self.style = style
        output.reserveCapacity(256)
    }

    mutating func write(_ value: JSONValue, level: Int) {
        switch value {
        case .null:
            append("null")
        case .bool(let flag):
            append(flag ? "true" : "false")
        case .integer(let integer):
            append(String(integer))
        case .double(let double):
            append(double.isFinite ? "\(double)" : "null")
        case .string(let string):
            writeString(string)
        case .array(let elements):
            guard !elements.isEmpty else { return append("[]") }
            output.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                newline(level: level + 1)
                write(element, level: level + 1)
            }
            newline(level: level)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else { return append("{}") }
            output.append(UInt8(ascii: "{"))
            if style.sortsKeys {
                writeMembers(object.sorted { $0.key < $1.key }, level: level)
            } else {
                writeMembers(object, level: level)
            }
            newline(level: level)
            output.append(UInt8(ascii: "}"))
        }
    }

    private mutating func writeMembers(_ members: some Sequence<JSONObject.Element>, level: Int) {
        for (offset, member) in members.enumerated() {
            if offset > 0 { output.append(UInt8(ascii: ",")) }
            newline(level: level + 1)
            writeString(member.key)
            output.append(UInt8(ascii: ":"))
            if style.indentWidth > 0 { output.append(UInt8(ascii: " ")) }
            write(member.value, level: level + 1)
        }
    }

    private mutating func newline(level: Int) {
        guard style.indentWidth > 0 else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * style.indentWidth))
    }

    private mutating func append(_ text: String) {
        output.append(contentsOf: text.utf8)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func writeString(_ string: String) {
        output.append(UInt8(ascii: "\""))
        var text = string
        text.withUTF8 { bytes in
            // Copy runs of bytes that need no escape in one go; escape the rest one by one.
            var runStart = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                writeEscape(byte)
                runStart = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        output.append(UInt8(ascii: "\""))
    }

    private mutating func writeEscape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        case 0x08: append("\\b")
        case 0x0C: append("\\f")
        default:
            append("\\u00")
            output.append(Self.hexDigits[Int(byte >> 4)])
            output.append(Self.hexDigits[Int(byte & 0xF)])
        }
    }
}
