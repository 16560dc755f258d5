/// An optional property that `Codable` writes as `null` when it is nil, instead of leaving its key
/// out, so that every object of a type has the same keys.
///
/// ```swift
/// struct Author: Codable {
///     var name: String
///     @ExplicitNull var avatar: URL?
/// }
/// try JSONEncoder().encode(Author(name: "n", avatar: nil))   // {"name":"n","avatar":null}
/// ```
///
/// Synthesized `Codable` does the rest: without the wrapper it writes a nil optional by leaving
/// its key out (`encodeIfPresent`). Decoding is as for a plain optional: a missing key, or `null`,
/// is nil.
@propertyWrapper
public struct ExplicitNull<Wrapped> {
    /// The value; nil is written as `null`.
    public var wrappedValue: Wrapped?

    /// A property holding `wrappedValue`.
    public init(wrappedValue: Wrapped?) {
        self.wrappedValue = wrappedValue
    }
}

extension ExplicitNull: Sendable where Wrapped: Sendable {}
extension ExplicitNull: Equatable where Wrapped: Equatable {}
extension ExplicitNull: Hashable where Wrapped: Hashable {}

extension ExplicitNull: Encodable where Wrapped: Encodable {
    /// Encodes the value, or `null` when it is nil.
    ///
    /// - Throws: what the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}

extension ExplicitNull: Decodable where Wrapped: Decodable {
    /// Decodes the value; `null` is nil.
    ///
    /// - Throws: `DecodingError` when the value is neither `null` nor a `Wrapped`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Wrapped.self)
    }
}

extension KeyedDecodingContainer {
    /// Decodes an ``ExplicitNull`` property whose key may be missing, as a plain optional's: a
    /// missing key is nil. Synthesized `Decodable` calls this, not the generic `decode(_:forKey:)`,
    /// which would fail on the missing key.
    ///
    /// - Throws: `DecodingError` when the value is neither `null` nor a `Wrapped`.
    public func decode<Wrapped: Decodable>(
        _ type: ExplicitNull<Wrapped>.Type, forKey key: Key
    ) throws -> ExplicitNull<Wrapped> {
        ExplicitNull(wrappedValue: try decodeIfPresent(Wrapped.self, forKey: key))
    }
}
