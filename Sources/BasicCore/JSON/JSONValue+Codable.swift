extension JSONValue: Codable {
    /// Decodes any JSON value.
    ///
    /// Through `JSONDecoder`, an object's key order is the decoder's, which is not the
    /// document's, and keys that differ only in Unicode normalisation may already have been folded
    /// into one by the decoder; ``init(parsing:)-(ContiguousBytes)`` keeps the document's order
    /// and every key.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for arrays and objects nested deeper than
    ///   ``maximumDepth`` (decoders recurse once per level), and the decoder's own errors.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? container.decode(Int64.self) {
            self = .integer(integer)
        } else if let double = try? container.decode(Double.self) {
            self = .double(double)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else {
            // An array or an object: one more level of the decoder's recursion.
            try Self.checkCodingDepth(decoder.codingPath)
            if var unkeyed = try? decoder.unkeyedContainer() {
                // Element by element, so that an error deep inside comes out as it is.
                var elements: [JSONValue] = []
                elements.reserveCapacity(unkeyed.count ?? 0)
                while !unkeyed.isAtEnd {
                    elements.append(try unkeyed.decode(JSONValue.self))
                }
                self = .array(elements)
            } else {
                let keyed = try decoder.container(keyedBy: AnyCodingKey.self)
                var object = JSONObject(minimumCapacity: keyed.allKeys.count)
                for key in keyed.allKeys {
                    object[key.stringValue] = try keyed.decode(JSONValue.self, forKey: key)
                }
                self = .object(object)
            }
        }
    }

    /// Encodes the value; objects are encoded in their key order.
    ///
    /// - Throws: `EncodingError.invalidValue` for arrays and objects nested deeper than
    ///   ``maximumDepth`` (encoders recurse once per level, and a value built in code may nest
    ///   deeper than a stack holds), and the encoder's own errors.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .array, .object:
            guard encoder.codingPath.count < Self.maximumDepth else {
                throw EncodingError.invalidValue(
                    self,
                    EncodingError.Context(
                        codingPath: encoder.codingPath,
                        debugDescription:
                            "arrays and objects nested deeper than \(Self.maximumDepth) levels cannot be encoded"))
            }
        default:
            break
        }
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .integer(let integer):
            var container = encoder.singleValueContainer()
            try container.encode(integer)
        case .double(let double):
            var container = encoder.singleValueContainer()
            try container.encode(double)
        case .string(let string):
            var container = encoder.singleValueContainer()
            try container.encode(string)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements {
                try container.encode(element)
            }
        case .object(let object):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            for (key, value) in object {
                try container.encode(value, forKey: AnyCodingKey(stringValue: key))
            }
        }
    }
}

extension JSONValue {
    /// Throws when a value at `codingPath` would be nested deeper than ``maximumDepth``.
    private static func checkCodingDepth(_ codingPath: [any CodingKey]) throws {
        guard codingPath.count < maximumDepth else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "arrays and objects nested deeper than \(maximumDepth) levels cannot be decoded"))
        }
    }
}

/// A coding key for any string or integer.
struct AnyCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
