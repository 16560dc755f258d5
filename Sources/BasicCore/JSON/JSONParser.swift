/// A strict RFC 8259 parser from UTF-8 bytes to ``JSONValue``, in one pass.
///
/// Objects keep key order; integers that fit `Int64` stay exact; invalid UTF-8, lone
/// surrogates, control characters in strings, leading zeros, trailing commas and text after
/// the document are errors; nesting deeper than ``JSONValue/maximumDepth`` is an error rather
/// than a stack overflow.
///
/// Where the time goes, and what keeps it short (`bsl-bench keypath`, BENCHMARKS.md): strings
/// are scanned 16 bytes at a time for the bytes that end a plain run (`JSONParser+Strings.swift`);
/// each container's values wait on one ``ScratchStack`` and are moved into an array of exactly
/// their count when it closes; the keys an API repeats come from a ``JSONKeyCache``; a repeated
/// key in an object is found by comparing ``JSONKeyPrint``s, without hashing; and most decimals
/// are converted in one exact floating-point operation (`JSONParser+Numbers.swift`).
struct JSONParser: ~Copyable {
    /// The deepest nesting of arrays and objects accepted (as Foundation's JSON decoder).
    static let maximumDepth = JSONValue.maximumDepth

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    private var depth = 0
    /// Elements of the arrays being parsed, innermost last.
    private var elements = ScratchStack<JSONValue>()
    /// Members of the objects being parsed, innermost last, and the print of each one's key; a
    /// member is pushed with its key (and a `null` value) when the key has been read.
    private var members = ScratchStack<JSONObject.Entry>()
    private var memberPrints = ScratchStack<JSONKeyPrint>()
    /// The arrays and objects open around the value being parsed, innermost last.
    private var open = ScratchStack<OpenContainer>()
    /// Object keys made recently.
    let keyCache = JSONKeyCache()
    /// Whether strings are made through `UTF8Span` where the system has it (Swift 6.2's runtime:
    /// always on Linux; macOS, iOS, tvOS, watchOS and visionOS 26 on Apple platforms). Off, they
    /// are made as older systems make them (`String(decoding:as:)` and one comparison of the
    /// bytes), which is how the tests run that path on Linux, where it would otherwise never run.
    let usesUTF8Span: Bool

    init(bytes: UnsafeBufferPointer<UInt8>, usesUTF8Span: Bool = true) {
        self.bytes = bytes
        self.usesUTF8Span = usesUTF8Span
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        // A UTF-8 byte order mark is ignored, as RFC 8259 allows.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            position = 3
        }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard position == bytes.count else {
            throw error("unexpected \(describeByte(at: position)) after the end of the document")
        }
        return value
    }

    // MARK: Values

    /// An array or object being parsed: where its elements or members start on their stack.
    struct OpenContainer {
        var isObject: Bool
        var base: Int
    }

    /// Parses one value, arrays and objects included, without recursion: the open containers sit
    /// on a stack of their own, so that nesting costs heap, not the thread's stack (512 levels
    /// overflowed a 512 KiB thread stack in a debug build when this recursed).
    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        nextValue: while true {
            // A value starts here: a scalar is read whole; an array or object is opened, and the
            // loop goes on with its first element or member (an empty one is a value at once).
            guard position < bytes.count else {
                throw error("unexpected end of input; expected a value")
            }
            var value: JSONValue
            switch bytes[position] {
            case UInt8(ascii: "\""): value = .string(try parseString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try parseNumber()
            case UInt8(ascii: "{"):
                try enterContainer()
                position += 1  // {
                skipWhitespace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    depth -= 1
                    value = .object(JSONObject())
                } else {
                    open.push(OpenContainer(isObject: true, base: members.count))
                    try parseMemberKey()
                    continue nextValue
                }
            case UInt8(ascii: "["):
                try enterContainer()
                position += 1  // [
                skipWhitespace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    depth -= 1
                    value = .array([])
                } else {
                    open.push(OpenContainer(isObject: false, base: elements.count))
                    continue nextValue
                }
            case UInt8(ascii: "t"): try expectLiteral("true"); value = .bool(true)
            case UInt8(ascii: "f"): try expectLiteral("false"); value = .bool(false)
            case UInt8(ascii: "n"): try expectLiteral("null"); value = .null
            default: throw error("unexpected \(describeByte(at: position)); expected a value")
            }

            // A value is complete: move it into the innermost open container (no copy, so no
            // retain and release), and close every container that ends after it.
            while open.count > 0 {
                let innermost = open[open.count - 1]
                skipWhitespace()
                if innermost.isObject {
                    members.setTopValue(consume value)
                    guard position < bytes.count else {
                        throw error("unexpected end of input; expected ',' or '}' in an object")
                    }
                    switch bytes[position] {
                    case UInt8(ascii: ","):
                        position += 1
                        skipWhitespace()
                        try parseMemberKey()
                        continue nextValue
                    case UInt8(ascii: "}"):
                        position += 1
                        depth -= 1
                        _ = open.pop()
                        value = .object(closeObject(from: innermost.base))
                    default:
                        throw error("unexpected \(describeByte(at: position)); expected ',' or '}' in an object")
                    }
                } else {
                    elements.push(consume value)
                    guard position < bytes.count else {
                        throw error("unexpected end of input; expected ',' or ']' in an array")
                    }
                    switch bytes[position] {
                    case UInt8(ascii: ","):
                        position += 1
                        skipWhitespace()
                        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                            throw error("unexpected ']' after ','; remove the trailing comma")
                        }
                        continue nextValue
                    case UInt8(ascii: "]"):
                        position += 1
                        depth -= 1
                        _ = open.pop()
                        value = .array(elements.popArray(from: innermost.base))
                    default:
                        throw error("unexpected \(describeByte(at: position)); expected ',' or ']' in an array")
                    }
                }
            }
            return value
        }
    }

    /// The object of the members from `base` up, taken off the stack. Up to
    /// ``JSONObject/indexThreshold`` members, a repeated key is looked for by prints, without
    /// hashing: each print sets one bit of 64, and only a member whose bit an earlier one set is
    /// compared with the earlier ones (by print, and by bytes for keys longer than a print). A
    /// larger object's hash index finds a repeated key itself.
    private mutating func closeObject(from base: Int) -> JSONObject {
        let count = members.count - base
        var isDistinct = count <= JSONObject.indexThreshold
        if isDistinct && count > 1 {
            var seen: UInt64 = 0
            search: for later in base..<members.count {
                let print = memberPrints[later]
                let mixed =
                    (print.low ^ print.high &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(print.length)) &* 0xC2B2_AE3D_27D4_EB4F
                let bit: UInt64 = 1 &<< (mixed &>> 58)
                if seen & bit == 0 {
                    seen |= bit
                    continue
                }
                for earlier in base..<later where memberPrints[earlier] == print {
                    if print.isWhole || members[earlier].key.hasSameUTF8(as: members[later].key) {
                        isDistinct = false
                        break search
                    }
                }
            }
        }
        memberPrints.removeAll(from: base)
        let entries = members.popArray(from: base)
        return isDistinct ? JSONObject(distinctParsed: entries) : JSONObject(parsed: entries)
    }

    /// Reads `"key"` and the `:` after it, pushing a member with the key and its print, and
    /// leaving the position at the member's value.
    private mutating func parseMemberKey() throws(JSONParseError) {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
            throw error("unexpected \(describeByte(at: position)); expected a key in double quotes")
        }
        let (key, print) = try parseKey()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
            throw error("unexpected \(describeByte(at: position)); expected ':' after the key \"\(key)\"")
        }
        position += 1
        skipWhitespace()
        members.push(JSONObject.Entry(key: key, value: .null))
        memberPrints.push(print)
    }

    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw error("arrays and objects nested deeper than \(Self.maximumDepth) levels")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        let matches = literal.withUTF8Buffer { expected in
            guard position + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[position + offset] != expected[offset] {
                return false
            }
            return true
        }
        guard matches else {
            throw error(
                "unexpected \(describeByte(at: position)); expected a value (true, false and null are lowercase)")
        }
        position += count
    }

    // MARK: Whitespace and errors

    @inline(__always)
    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                position += 1
            default:
                return
            }
        }
    }

    func describeByte(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        return "'\(describeCharacter(bytes[offset]))'"
    }

    func describeCharacter(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return String(UnicodeScalar(byte)) }
        return "\\u{\(String(byte, radix: 16))}"
    }

    func error(_ reason: String) -> JSONParseError {
        JSONParseError.at(position, in: bytes, reason: reason)
    }
}

extension JSONParseError {
    /// An error at a byte offset, with its line and column worked out.
    static func at(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>, reason: String) -> JSONParseError {
        var line = 1
        var column = 1
        for byte in bytes[0..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Count characters, not UTF-8 continuation bytes.
                column += 1
            }
        }
        return JSONParseError(reason: reason, line: line, column: column, offset: offset)
    }
}
