import BasicCore
import Foundation

/// Values to JSON bytes and back: `JSONValue` through BasicCore's own parser and renderer,
/// everything else through `JSONEncoder` and `JSONDecoder`.
enum ValueCodec {
    static func encode<T: Encodable>(_ value: T, collection: String, key: String) throws(StoreError) -> [UInt8] {
        // A comparison of metadata first: the dynamic cast (`as?`), which the unspecialized
        // generic call paid on every write, is left for what only it catches (an optional
        // holding a JSONValue).
        if T.self == JSONValue.self { return unsafeBitCast(value, to: JSONValue.self).jsonBytes() }
        if let json = value as? JSONValue { return json.jsonBytes() }
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            return Array(try encoder.encode(value))
        } catch {
            throw StoreError.unencodableValue(collection: collection, key: key, reason: reason(encoding: error))
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], collection: String, key: String)
        throws(StoreError) -> T
    {
        do {
            if T.self == JSONValue.self { return unsafeBitCast(try JSONValue(parsing: bytes), to: T.self) }
            return try JSONDecoder().decode(T.self, from: Data(bytes))
        } catch {
            throw StoreError.unreadableValue(collection: collection, key: key, reason: reason(error))
        }
    }

    /// A short reason that never quotes the stored value.
    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.typeMismatch(let type, let context):
            "expected \(type) at \(path(context.codingPath))"
        case DecodingError.valueNotFound(let type, let context):
            "missing \(type) at \(path(context.codingPath))"
        case DecodingError.keyNotFound(let key, let context):
            "missing key \(key.stringValue) at \(path(context.codingPath))"
        case DecodingError.dataCorrupted(let context):
            "not valid JSON for the type asked (\(path(context.codingPath)))"
        case is JSONParseError:
            "not valid JSON"
        default:
            "cannot decode it"
        }
    }

    /// A short reason that never quotes the value: `EncodingError.invalidValue` carries the value
    /// itself, and its description prints it.
    private static func reason(encoding error: any Error) -> String {
        switch error {
        case EncodingError.invalidValue(let value, let context):
            "a \(type(of: value)) at \(path(context.codingPath)) has no JSON form (such as NaN or infinity)"
        default:
            "its encode(to:) threw \(type(of: error))"
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "the top level" : codingPath.map(\.stringValue).joined(separator: ".")
    }
}
