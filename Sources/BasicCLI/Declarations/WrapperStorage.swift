/// What a property wrapper holds: its declaration until the command line is parsed, then its value.
enum WrapperStorage<Value: Sendable>: Sendable {
    /// The definitions of the property, given its name.
    case declaration(@Sendable (String) -> [ArgumentDefinition])
    case value(Value)

    /// The parsed value.
    func value(wrapper: String) -> Value {
        switch self {
        case .value(let value):
            return value
        case .declaration:
            // Reached only by reading a property of an instance made with init() instead of by the
            // parser, such as in a command's own init(): a mistake in the command, which no input can cause.
            preconditionFailure(
                "\(wrapper) read before the command line was parsed: read options in validate() or run(), not in init()"
            )
        }
    }

    func definitions(forKey key: String) -> [ArgumentDefinition] {
        guard case .declaration(let make) = self else { return [] }
        return make(key)
    }
}

extension ArgumentDefinition {
    /// A definition for the property `key`, with the value name the help gives or the key in kebab case.
    static func make(
        _ kind: Kind, key: String, names: NameSpecification?, help: ArgumentHelp?, isRepeating: Bool = false,
        isRequired: Bool, defaultDescription: String? = nil, allValues: [String] = [], completion: CompletionKind,
        makeValue: @escaping ValueMaker
    ) -> ArgumentDefinition {
        let help = help ?? ArgumentHelp()
        return ArgumentDefinition(
            kind: kind, key: [key], names: names?.names(forKey: key) ?? [], help: help,
            valueName: help.valueName ?? key.kebabCased, sectionTitle: nil, isRepeating: isRepeating,
            isRequired: isRequired, defaultDescription: defaultDescription, allValues: allValues,
            completion: completion, makeValue: makeValue)
    }
}

/// Reads the value the parser made for a wrapper being decoded.
enum WrapperDecoding {
    static func value<Value: Sendable>(_ type: Value.Type, from decoder: any Decoder, wrapper: String) throws -> Value {
        guard let decoder = decoder as? ArgumentDecoder else {
            throw DecodingError.typeMismatch(
                Value.self,
                .init(
                    codingPath: decoder.codingPath, debugDescription: "\(wrapper) is decoded from a command line only"))
        }
        guard let value = decoder.values[decoder.keyString] as? Value else {
            throw DecodingError.valueNotFound(
                Value.self,
                .init(codingPath: decoder.codingPath, debugDescription: "no value parsed for '\(decoder.keyString)'"))
        }
        return value
    }
}
