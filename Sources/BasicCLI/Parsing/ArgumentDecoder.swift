/// The values the parser made, handed to the wrappers through `Decodable`.
struct ArgumentDecoder: Decoder {
    let values: [String: any Sendable]
    let codingPath: [any CodingKey]

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The dotted path of the property being decoded (`store.db`).
    var keyString: String { codingPath.map(\.stringValue).joined(separator: ".") }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ArgumentKeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw undeclared() }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw undeclared() }

    /// The error for a stored property that is not an argument: a mistake in the command.
    func undeclared() -> DecodingError {
        DecodingError.dataCorrupted(
            .init(
                codingPath: codingPath,
                debugDescription: "the stored property '\(keyString)' is not an @Option, @Flag, @Argument or "
                    + "@OptionGroup: make it a computed property, or leave it out of the command's CodingKeys"))
    }
}

struct ArgumentKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ArgumentDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool {
        let path = (codingPath + [key]).map(\.stringValue).joined(separator: ".")
        return decoder.values.keys.contains { $0 == path || $0.hasPrefix(path + ".") }
    }

    func decodeNil(forKey key: Key) throws -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try T(from: ArgumentDecoder(values: decoder.values, codingPath: codingPath + [key]))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try ArgumentDecoder(values: decoder.values, codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw ArgumentDecoder(values: decoder.values, codingPath: codingPath + [key]).undeclared()
    }

    func superDecoder() throws -> any Decoder { decoder }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ArgumentDecoder(values: decoder.values, codingPath: codingPath + [key])
    }
}
