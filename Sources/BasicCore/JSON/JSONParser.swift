/// A strict RFC 8259 parser from UTF-8 bytes to ``JSONValue``, in one pass.
///
/// Objects keep key order; integers that fit `Int64` stay exact; invalid UTF-8, lone
/// surrogates, control characters in strings, leading zeros, trailing commas and text after
/// the document are errors; nesting deeper than ``JSONValue/maximumDepth`` is an error rather
/// than a stack overflow.
struct JSONParser {
    /// The deepest nesting of arrays and objects accepted (as Foundation's JSON decoder).
    static let maximumDepth = JSONValue.maximumDepth

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0
    /// Elements of the arrays being parsed, innermost last; each array is copied out at its
    /// end with its exact size, so that no array grows by doubling.
    private var elementStack: [JSONValue] = []
    /// Members of the objects being parsed, innermost last.
    private var memberStack: [JSONObject.Entry] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
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
    private struct OpenContainer {
        var isObject: Bool
        var base: Int
    }

    /// Parses one value, arrays and objects included, without recursion: the open containers sit
    /// on a stack of their own, so that nesting costs heap, not the thread's stack (512 levels
    /// overflowed a 512 KiB thread stack in a debug build when this recursed).
    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        var open: [OpenContainer] = []
        /// The key of the member being parsed in each open object, innermost last.
        var keys: [String] = []
        while true {
            // A value starts here: a scalar is read whole; an array or object is opened, and the
            // loop goes on with its first element or member (an empty one is a value at once).
            guard position < bytes.count else {
                throw error("unexpected end of input; expected a value")
            }
            var value: JSONValue
            switch bytes[position] {
            case UInt8(ascii: "{"):
                try enterContainer()
                position += 1  // {
                skipWhitespace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    depth -= 1
                    value = .object(JSONObject())
                } else {
                    keys.append(try parseMemberKey())
                    open.append(OpenContainer(isObject: true, base: memberStack.count))
                    continue
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
                    open.append(OpenContainer(isObject: false, base: elementStack.count))
                    continue
                }
            case UInt8(ascii: "\""): value = .string(try parseString())
            case UInt8(ascii: "t"): try expectLiteral("true"); value = .bool(true)
            case UInt8(ascii: "f"): try expectLiteral("false"); value = .bool(false)
            case UInt8(ascii: "n"): try expectLiteral("null"); value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try parseNumber()
            default: throw error("unexpected \(describeByte(at: position)); expected a value")
            }

            // A value is complete: add it to the innermost open container, and close every
            // container that ends after it.
            while let innermost = open.last {
                skipWhitespace()
                if innermost.isObject {
                    memberStack.append(JSONObject.Entry(key: keys.removeLast(), value: value))
                    guard position < bytes.count else {
                        throw error("unexpected end of input; expected ',' or '}' in an object")
                    }
                    switch bytes[position] {
                    case UInt8(ascii: ","):
                        position += 1
                        skipWhitespace()
                        keys.append(try parseMemberKey())
                    case UInt8(ascii: "}"):
                        position += 1
                        depth -= 1
                        open.removeLast()
                        value = .object(JSONObject(parsed: Array(memberStack[innermost.base...])))
                        memberStack.removeSubrange(innermost.base...)
                        continue
                    default:
                        throw error("unexpected \(describeByte(at: position)); expected ',' or '}' in an object")
                    }
                } else {
                    elementStack.append(value)
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
                    case UInt8(ascii: "]"):
                        position += 1
                        depth -= 1
                        open.removeLast()
                        value = .array(Array(elementStack[innermost.base...]))
                        elementStack.removeSubrange(innermost.base...)
                        continue
                    default:
                        throw error("unexpected \(describeByte(at: position)); expected ',' or ']' in an array")
                    }
                }
                break  // after a ',': the next element or member's value starts here
            }
            if open.isEmpty { return value }
        }
    }

    /// Reads `"key"` and the `:` after it, leaving the position at the member's value.
    private mutating func parseMemberKey() throws(JSONParseError) -> String {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
            throw error("unexpected \(describeByte(at: position)); expected a key in double quotes")
        }
        let key = try parseString()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
            throw error("unexpected \(describeByte(at: position)); expected ':' after the key \"\(key)\"")
        }
        position += 1
        skipWhitespace()
        return key
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

    // MARK: Numbers

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        let isNegative = bytes[position] == UInt8(ascii: "-")
        if isNegative { position += 1 }

        // Integer part: accumulated as a negative number so that Int64.min fits.
        var accumulator: Int64 = 0
        var overflowed = false
        guard position < bytes.count, isDigit(bytes[position]) else {
            throw error("expected a digit after '-'")
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) {
                throw error("numbers must not have leading zeros")
            }
        } else {
            while position < bytes.count, isDigit(bytes[position]) {
                let digit = Int64(bytes[position] &- UInt8(ascii: "0"))
                if !overflowed {
                    let (times10, o1) = accumulator.multipliedReportingOverflow(by: 10)
                    let (next, o2) = times10.subtractingReportingOverflow(digit)
                    if o1 || o2 { overflowed = true } else { accumulator = next }
                }
                position += 1
            }
        }

        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error("expected a digit after the decimal point")
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error("expected a digit in the exponent")
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }

        if isInteger && !overflowed {
            if isNegative {
                // "-0" is a double, so that its sign survives a round trip.
                return accumulator == 0 ? .double(-0.0) : .integer(accumulator)
            }
            let (positive, overflow) = Int64(0).subtractingReportingOverflow(accumulator)
            if !overflow { return .integer(positive) }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let double = Double(text), double.isFinite else {
            throw JSONParseError.at(start, in: bytes, reason: "the number \(text) is out of range of a 64-bit double")
        }
        return .double(double)
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    // MARK: Strings

    private mutating func parseString() throws(JSONParseError) -> String {
        position += 1  // opening quote
        let start = position
        var isASCII = true
        // Fast path: no escapes, so the bytes between the quotes are the string.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let content = UnsafeBufferPointer(rebasing: bytes[start..<position])
                guard isASCII || UTF8Validation.isValid(content) else {
                    throw JSONParseError.at(start, in: bytes, reason: "a string holds invalid UTF-8")
                }
                position += 1
                // Valid UTF-8: decoding repairs nothing, and takes the stdlib's fast path.
                return String(decoding: content, as: UTF8.self)
            }
            if byte >= 0x80 { isASCII = false }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 {
                throw error("a control character (0x\(String(byte, radix: 16))) in a string must be escaped")
            }
            position += 1
        }
        guard position < bytes.count else {
            throw JSONParseError.at(start - 1, in: bytes, reason: "a string is not closed; expected '\"'")
        }
        return try parseEscapedString(from: start)
    }

    private mutating func parseEscapedString(from start: Int) throws(JSONParseError) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(position - start + 16)
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return try buffer.withUnsafeBufferPointer { content throws(JSONParseError) in
                    guard UTF8Validation.isValid(content) else {
                        throw JSONParseError.at(start, in: bytes, reason: "a string holds invalid UTF-8")
                    }
                    return String(decoding: content, as: UTF8.self)
                }
            case UInt8(ascii: "\\"):
                position += 1
                try appendEscape(to: &buffer)
            case 0..<0x20:
                throw error("a control character (0x\(String(byte, radix: 16))) in a string must be escaped")
            default:
                buffer.append(byte)
                position += 1
            }
        }
        throw JSONParseError.at(start - 1, in: bytes, reason: "a string is not closed; expected '\"'")
    }

    private mutating func appendEscape(to buffer: inout [UInt8]) throws(JSONParseError) {
        guard position < bytes.count else {
            throw error("unexpected end of input in an escape sequence")
        }
        let escape = bytes[position]
        position += 1
        switch escape {
        case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalarValue = UInt32(try readHex4())
            if (0xD800...0xDBFF).contains(scalarValue) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                else {
                    throw error("a \\u escape holds a lone high surrogate; expected a low surrogate \\uDC00…\\uDFFF")
                }
                position += 2
                let low = UInt32(try readHex4())
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("a \\u escape holds a lone high surrogate; expected a low surrogate \\uDC00…\\uDFFF")
                }
                scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalarValue) {
                throw error("a \\u escape holds a lone low surrogate")
            }
            guard let scalar = Unicode.Scalar(scalarValue) else {
                throw error("a \\u escape is not a Unicode scalar")
            }
            UTF8.encode(scalar) { buffer.append($0) }
        default:
            position -= 1
            throw error(
                "unknown escape '\\\(describeCharacter(escape))'; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"
            )
        }
    }

    private mutating func readHex4() throws(JSONParseError) -> UInt16 {
        guard position + 4 <= bytes.count else {
            throw error("a \\u escape needs four hexadecimal digits")
        }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("a \\u escape needs four hexadecimal digits")
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    // MARK: Whitespace and errors

    @inline(__always)
    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                position += 1
            default:
                return
            }
        }
    }

    private func describeByte(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        return "'\(describeCharacter(bytes[offset]))'"
    }

    private func describeCharacter(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return String(UnicodeScalar(byte)) }
        return "\\u{\(String(byte, radix: 16))}"
    }

    private func error(_ reason: String) -> JSONParseError {
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
