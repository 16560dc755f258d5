/// An option that takes a value: `--name value`, `--name=value` or `-n value`, declared once with
/// its names, help, default and parsing, and read as a typed property.
///
/// ```swift
/// @Option(help: ArgumentHelp("The store file.", valueName: "file")) var db: String   // required
/// @Option(help: "How many entries, 1 to 100.") var size = 10                        // default 10
/// @Option(help: "The page, from 1.") var page: Int?                                 // optional
/// @Option(help: "A parameter; repeat for more.") var param: [String] = []           // repeatable
/// @Option(help: "The amount.", transform: { try Money.parse($0) }) var amount: Decimal
/// ```
///
/// Help adds the default (`(default: 10)`) and an enumeration's values after the abstract. A
/// value that does not parse is a usage error; a `transform` that throws gives the message of
/// what it throws.
@propertyWrapper
public struct Option<Value: Sendable>: Decodable, Sendable, ArgumentDeclaring {
    var storage: WrapperStorage<Value>

    init(storage: WrapperStorage<Value>) {
        self.storage = storage
    }

    /// The parsed value.
    public var wrappedValue: Value {
        get { storage.value(wrapper: "@Option") }
        set { storage = .value(newValue) }
    }

    /// Takes the value the parser made for this property.
    ///
    /// - Throws: `DecodingError` when decoded by anything but the command-line parser.
    public init(from decoder: any Decoder) throws {
        storage = .value(try WrapperDecoding.value(Value.self, from: decoder, wrapper: "@Option"))
    }

    func definitions(forKey key: String) -> [ArgumentDefinition] { storage.definitions(forKey: key) }

    /// An option with a default, as `@Option var size = 10` declares.
    static func declare(
        _ name: NameSpecification, _ help: ArgumentHelp?, isRepeating: Bool = false, isRequired: Bool,
        defaultDescription: String?, allValues: [String], completion: CompletionKind,
        makeValue: @escaping ArgumentDefinition.ValueMaker
    ) -> Option {
        Option(
            storage: .declaration { key in
                [
                    .make(
                        .option, key: key, names: name, help: help, isRepeating: isRepeating, isRequired: isRequired,
                        defaultDescription: defaultDescription, allValues: allValues, completion: completion,
                        makeValue: makeValue)
                ]
            })
    }
}

extension Option where Value: ExpressibleByArgument {
    /// An option that may be left out, taking `wrappedValue` then.
    public init(
        wrappedValue: Value, name: NameSpecification = .long, help: ArgumentHelp? = nil,
        completion: CompletionKind? = nil
    ) {
        self = .declare(
            name, help, isRequired: false, defaultDescription: wrappedValue.defaultValueDescription,
            allValues: Value.allValueStrings, completion: completion ?? Value.defaultCompletionKind
        ) { words, subject throws(CommandLineError) in
            guard let word = words.last else { return wrappedValue }
            return try ValueReader.read(word, as: Value.self, subject: subject)
        }
    }

    /// An option the command line must give.
    public init(name: NameSpecification = .long, help: ArgumentHelp? = nil, completion: CompletionKind? = nil) {
        self = .declare(
            name, help, isRequired: true, defaultDescription: nil, allValues: Value.allValueStrings,
            completion: completion ?? Value.defaultCompletionKind
        ) { words, subject throws(CommandLineError) in
            guard let word = words.last else { throw CommandLineError(.invalid("\(subject) is missing")) }
            return try ValueReader.read(word, as: Value.self, subject: subject)
        }
    }
}

extension Option {
    /// An optional option: nil when the command line leaves it out.
    public init<Wrapped: ExpressibleByArgument>(
        name: NameSpecification = .long, help: ArgumentHelp? = nil, completion: CompletionKind? = nil
    ) where Value == Wrapped? {
        self = .declare(
            name, help, isRequired: false, defaultDescription: nil, allValues: Wrapped.allValueStrings,
            completion: completion ?? Wrapped.defaultCompletionKind
        ) { words, subject throws(CommandLineError) in
            guard let word = words.last else { return Wrapped?.none as any Sendable }
            return Wrapped?.some(try ValueReader.read(word, as: Wrapped.self, subject: subject))
        }
    }

    /// A repeatable option (`--param a=1 --param b=2`): every value in the order given, or
    /// `wrappedValue` when there is none.
    public init<Element: ExpressibleByArgument>(
        wrappedValue: [Element] = [], name: NameSpecification = .long, help: ArgumentHelp? = nil,
        completion: CompletionKind? = nil
    ) where Value == [Element] {
        self = .declare(
            name, help, isRepeating: true, isRequired: false,
            defaultDescription: wrappedValue.isEmpty
                ? nil : wrappedValue.map(\.defaultValueDescription).joined(separator: " "),
            allValues: Element.allValueStrings, completion: completion ?? Element.defaultCompletionKind
        ) { words, subject throws(CommandLineError) in
            guard !words.isEmpty else { return wrappedValue }
            var values: [Element] = []
            for word in words { values.append(try ValueReader.read(word, as: Element.self, subject: subject)) }
            return values
        }
    }

    /// An option read by `transform`, taking `wrappedValue` when left out.
    public init(
        wrappedValue: Value, name: NameSpecification = .long, help: ArgumentHelp? = nil,
        completion: CompletionKind? = nil, transform: @escaping @Sendable (String) throws -> Value
    ) {
        self = .declare(
            name, help, isRequired: false, defaultDescription: String(describing: wrappedValue), allValues: [],
            completion: completion ?? .default
        ) { words, _ throws(CommandLineError) in
            guard let word = words.last else { return wrappedValue }
            return try ValueReader.transform(word, with: transform)
        }
    }

    /// A required option read by `transform`.
    public init(
        name: NameSpecification = .long, help: ArgumentHelp? = nil, completion: CompletionKind? = nil,
        transform: @escaping @Sendable (String) throws -> Value
    ) {
        self = .declare(
            name, help, isRequired: true, defaultDescription: nil, allValues: [], completion: completion ?? .default
        ) { words, subject throws(CommandLineError) in
            guard let word = words.last else { throw CommandLineError(.invalid("\(subject) is missing")) }
            return try ValueReader.transform(word, with: transform)
        }
    }

    /// An optional option read by `transform`: nil when left out.
    public init<Wrapped: Sendable>(
        name: NameSpecification = .long, help: ArgumentHelp? = nil, completion: CompletionKind? = nil,
        transform: @escaping @Sendable (String) throws -> Wrapped
    ) where Value == Wrapped? {
        self = .declare(
            name, help, isRequired: false, defaultDescription: nil, allValues: [], completion: completion ?? .default
        ) { words, _ throws(CommandLineError) in
            guard let word = words.last else { return Wrapped?.none as any Sendable }
            return Wrapped?.some(try ValueReader.transform(word, with: transform))
        }
    }

    /// A repeatable option read by `transform`, each value in the order given.
    public init<Element: Sendable>(
        wrappedValue: [Element] = [], name: NameSpecification = .long, help: ArgumentHelp? = nil,
        completion: CompletionKind? = nil, transform: @escaping @Sendable (String) throws -> Element
    ) where Value == [Element] {
        self = .declare(
            name, help, isRepeating: true, isRequired: false, defaultDescription: nil, allValues: [],
            completion: completion ?? .default
        ) { words, _ throws(CommandLineError) in
            guard !words.isEmpty else { return wrappedValue }
            var values: [Element] = []
            for word in words { values.append(try ValueReader.transform(word, with: transform)) }
            return values
        }
    }
}
