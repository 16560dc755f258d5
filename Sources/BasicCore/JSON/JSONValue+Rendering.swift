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
    /// Whether object keys are written in sorted order instead of insertion order: by Unicode code
    /// point (UTF-8 byte order), as Python's `json.dumps(sort_keys=True)` orders them.
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
    /// Works at any depth: the writer keeps the open arrays and objects on a stack of its own.
    ///
    /// - Complexity: O(*n*) in the size of the output.
    public func jsonString(_ style: JSONRenderingStyle = .compact) -> String {
        var writer = JSONWriter(style: style)
        writer.write(self)
        return String(decoding: writer.output, as: UTF8.self)
    }

    /// The value as UTF-8 JSON data; see ``jsonString(_:)``.
    public func jsonData(_ style: JSONRenderingStyle = .compact) -> Data {
        Data(jsonBytes(style))
    }

    /// The value as UTF-8 JSON bytes, the writer's own buffer: for callers that want an array
    /// (BasicStore seals one per value), where `Array(jsonData())` would copy it twice.
    package func jsonBytes(_ style: JSONRenderingStyle = .compact) -> [UInt8] {
        var writer = JSONWriter(style: style)
        writer.write(self)
        return writer.output
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

    /// The open arrays and objects, innermost last, each with the position of its next member:
    /// the writer keeps them here rather than recursing, so that no depth overflows the stack.
    private var open: [Container] = []
    private var positions: [Int] = []

    /// An array or object being written; an object's members sorted when the style says so.
    private enum Container {
        case array([JSONValue])
        case object(JSONObject)
        case sorted([JSONObject.Element])
    }

    /// Writes `root` and everything in it.
    mutating func write(_ root: JSONValue) {
        var next: JSONValue? = root
        while true {
            if let value = next {
                writeStart(of: value)
            }
            guard let top = open.indices.last else { return }
            let position = positions[top]
            let level = open.count
            let member: (key: String?, value: JSONValue)?
            switch open[top] {
            case .array(let elements):
                member = position < elements.count ? (nil, elements[position]) : nil
            case .object(let object):
                member = position < object.count ? (object[position].key, object[position].value) : nil
            case .sorted(let members):
                member = position < members.count ? (members[position].key, members[position].value) : nil
            }
            guard let member else {
                let closing = open.removeLast()
                positions.removeLast()
                newline(level: level - 1)
                if case .array = closing {
                    output.append(UInt8(ascii: "]"))
                } else {
                    output.append(UInt8(ascii: "}"))
                }
                next = nil
                continue
            }
            positions[top] = position + 1
            if position > 0 { output.append(UInt8(ascii: ",")) }
            newline(level: level)
            if let key = member.key {
                writeString(key)
                output.append(UInt8(ascii: ":"))
                if style.indentWidth > 0 { output.append(UInt8(ascii: " ")) }
            }
            next = member.value
        }
    }

    /// Writes a scalar whole, or opens an array or object (an empty one is written whole).
    private mutating func writeStart(of value: JSONValue) {
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
            open.append(.array(elements))
            positions.append(0)
        case .object(let object):
            guard !object.isEmpty else { return append("{}") }
            output.append(UInt8(ascii: "{"))
            // Sorted by code point (UTF-8 byte order), as keys are compared by their scalars.
            open.append(style.sortsKeys ? .sorted(object.sorted { $0.key.precedesInUTF8($1.key) }) : .object(object))
            positions.append(0)
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
