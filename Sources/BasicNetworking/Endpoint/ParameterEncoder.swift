import BasicCore
import Foundation

/// Turns parameters into `name=value` pairs and escapes them (RFC 3986).
enum ParameterEncoder {
    /// The parameters as flat name/value pairs, in order: arrays repeat their name (or add
    /// `[]`), objects nest as `name[key]`, `null` is an empty value.
    static func pairs(_ parameters: JSONObject, arrayStyle: ParameterEncoding.ArrayStyle) -> [(String, String)] {
        var result: [(String, String)] = []
        for (name, value) in parameters {
            append(value, named: name, arrayStyle: arrayStyle, to: &result)
        }
        return result
    }

    private static func append(
        _ value: JSONValue, named name: String, arrayStyle: ParameterEncoding.ArrayStyle,
        to result: inout [(String, String)]
    ) {
        switch value {
        case .null: result.append((name, ""))
        case .bool(let flag): result.append((name, flag ? "true" : "false"))
        case .integer(let number): result.append((name, String(number)))
        case .double: result.append((name, value.jsonString()))
        case .string(let text): result.append((name, text))
        case .array(let elements):
            let elementName = arrayStyle == .brackets ? name + "[]" : name
            for element in elements {
                append(element, named: elementName, arrayStyle: arrayStyle, to: &result)
            }
        case .object(let members):
            for (key, member) in members {
                append(member, named: "\(name)[\(key)]", arrayStyle: arrayStyle, to: &result)
            }
        }
    }

    /// `a=1&b=x%20y`: the pairs escaped and joined.
    static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }

    /// The pairs in a canonical order, for telling identical requests apart from different ones.
    static func canonical(_ pairs: [(String, String)]) -> String {
        encode(pairs.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 })
    }

    /// Percent-escapes every byte but RFC 3986's unreserved characters.
    static func escape(_ text: String) -> String {
        percentEncode(text, allowing: isUnreserved)
    }

    /// Escapes a path given as plain text; `/` separates segments and stays as it is.
    static func escapePath(_ path: String) -> String {
        // Unreserved characters and the sub-delimiters a path segment may hold (RFC 3986 3.3).
        percentEncode(path) { byte in
            switch byte {
            case UInt8(ascii: "/"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
                UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","),
                UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"):
                return true
            default:
                return isUnreserved(byte)
            }
        }
    }

    /// `text` with every byte that `allowing` refuses written as `%XX`; `text` itself when it
    /// refuses none (most names, values and paths), without building it again.
    private static func percentEncode(_ text: String, allowing isAllowed: (UInt8) -> Bool) -> String {
        guard let first = text.utf8.firstIndex(where: { !isAllowed($0) }) else { return text }
        let hex: StaticString = "0123456789ABCDEF"
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        bytes.append(contentsOf: text.utf8[..<first])
        for byte in text.utf8[first...] {
            if isAllowed(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex.utf8Start[Int(byte >> 4)])
                bytes.append(hex.utf8Start[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
