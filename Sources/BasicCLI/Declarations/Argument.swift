/// A positional argument, in declaration order: `bsl kv get KEY`.
///
/// ```swift
/// @Argument(help: "The key.") var key: String                       // required
/// @Argument(help: "The file; absent reads standard input.") var file: String?
/// @Argument(help: "Files or folders.") var paths: [String]          // one or more
/// @Argument(help: "Files or folders.") var paths: [String] = []     // zero or more
/// ```
///
/// An array takes every positional word left, so it comes last. A word that looks like a
/// negative number (`-1234.5`) or is a lone `-` is a positional argument, not an option; after
/// `--`, every word is.
@propertyWrapper
public struct Argument<Value: Sendable>: Decodable, Sendable, ArgumentDeclaring {
    var storage: WrapperStorage<Value>

    init(storage: WrapperStorage<Value>) {
        self.storage = storage
    }

    /// The parsed value.
    public var wrappedValue: Value {
        get { storage.value(wrapper: "@Argument") }
        set { storage = .value(newValue) }
    }

    /// Takes the value the parser made for this property.
    ///
    /// - Throws: `DecodingError` when decoded by anything but the command-line parser.
    public init(from decoder: any Decoder) throws {
        storage = .value(try WrapperDecoding.value(Value.self, from: decoder, wrapper: "@Argument"))
    }

    func definitions(forKey key: String) -> [ArgumentDefinition] { storage.definitions(forKey: key) }

    static func declare(
        _ help: ArgumentHelp?, isRepeating: Bool = false, isRequired: Bool, defaultDescription: String?,
        allValues: [String], completion: CompletionKind, makeValue: @escaping ArgumentDefinition.ValueMaker
    ) -> Argument {
        Argument(
            storage: .declaration { key in
                [
                    .make(
                        .positional, key: key, names: nil, help: help, isRepeating: isRepeating,
                        isRequired: isRequired, defaultDescription: defaultDescription, allValues: allValues,
                        completion: completion, makeValue: makeValue)
                ]
            })
    }
}

extension Argument where Value: ExpressibleByArgument {
    /// An argument the command line must give.
    public init(help: ArgumentHelp? = nil, completion: CompletionKind? = nil) {
        self = .declare(
            help, isRequired: true, defaultDescription: nil, allValues: Value.allValueStrings,
            completion: completion ?? Value.defaultCompletionKind
        ) { words, subject throws(CommandLineError) in
            guard let word = words.first else { throw CommandLineError(.invalid("\(subject) is missing")) }
            return try ValueReader.read(word, as: Value.self, subject: subject)
        }
    }

    /// An argument that may be left out, taking `wrappedValue` then.
    public init(wrappedValue: Value, help: ArgumentHelp? = nil, completion: CompletionKind? = nil) {
        self = .declare(
            help, isRequired: false, defaultDescription: wrappedValue.defaultValueDescription,
            allValues: Value.allValueStrings, completion: completion ?? Value.defaultCompletionKind
        ) { words, subject throws(CommandLineError) in
            guard let word = words.first else { return wrappedValue }
            return try ValueReader.read(word, as: Value.self, subject: subject)
        }
    }
}

extension Argument {
    /// An optional argument: nil when left out.
    public init<Wrapped: ExpressibleByArgument>(help: ArgumentHelp? = nil, completion: CompletionKind? = nil)
    where Value == Wrapped? {
        self = .declare(
            help, isRequired: false, defaultDescription: nil, allValues: Wrapped.allValueStrings,
            completion: completion ?? Wrapped.defaultCompletionKind
        ) { words, subject throws(CommandLineError) in
            guard let word = words.first else { return Wrapped?.none as any Sendable }
            return Wrapped?.some(try ValueReader.read(word, as: Wrapped.self, subject: subject))
        }
    }

    /// The rest of the positional words, one or more.
    public init<Element: ExpressibleByArgument>(help: ArgumentHelp? = nil, completion: CompletionKind? = nil)
    where Value == [Element] {
        self = .declare(
            help, isRepeating: true, isRequired: true, defaultDescription: nil, allValues: Element.allValueStrings,
            completion: completion ?? Element.defaultCompletionKind
        ) { words, subject throws(CommandLineError) in
            var values: [Element] = []
            for word in words { values.append(try ValueReader.read(word, as: Element.self, subject: subject)) }
            return values
        }
    }

    /// The rest of the positional words, zero or more; `wrappedValue` when there are none.
    public init<Element: ExpressibleByArgument>(
        wrappedValue: [Element], help: ArgumentHelp? = nil, completion: CompletionKind? = nil
    ) where Value == [Element] {
        self = .declare(
            help, isRepeating: true, isRequired: false, defaultDescription: nil, allValues: Element.allValueStrings,
            completion: completion ?? Element.defaultCompletionKind
        ) { words, subject throws(CommandLineError) in
            guard !words.isEmpty else { return wrappedValue }
            var values: [Element] = []
            for word in words { values.append(try ValueReader.read(word, as: Element.self, subject: subject)) }
            return values
        }
    }

    /// A required argument read by `transform`; what it throws is the usage error's message.
    public init(
        help: ArgumentHelp? = nil, completion: CompletionKind? = nil,
        transform: @escaping @Sendable (String) throws -> Value
    ) {
        self = .declare(
            help, isRequired: true, defaultDescription: nil, allValues: [], completion: completion ?? .default
        ) { words, subject throws(CommandLineError) in
            guard let word = words.first else { throw CommandLineError(.invalid("\(subject) is missing")) }
            return try ValueReader.transform(word, with: transform)
        }
    }

    /// An optional argument read by `transform`: nil when left out.
    public init<Wrapped: Sendable>(
        help: ArgumentHelp? = nil, completion: CompletionKind? = nil,
        transform: @escaping @Sendable (String) throws -> Wrapped
    ) where Value == Wrapped? {
        self = .declare(
            help, isRequired: false, defaultDescription: nil, allValues: [], completion: completion ?? .default
        ) { words, _ throws(CommandLineError) in
            guard let word = words.first else { return Wrapped?.none as any Sendable }
            return Wrapped?.some(try ValueReader.transform(word, with: transform))
        }
    }
}
