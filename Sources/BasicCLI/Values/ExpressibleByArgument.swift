/// A type whose values can be read from one command-line word: the value of an `@Option`, or an
/// `@Argument`.
///
/// `String`, `Int`, `Int64`, `UInt`, `Double`, `Bool`, `URL` and `Duration` conform; so does any
/// `String`-backed enumeration that says so:
///
/// ```swift
/// enum Language: String, CaseIterable, ExpressibleByArgument { case zh, en }
///
/// @Option(help: "The language.") var locale: Language = .zh   // --locale zh|en
/// ```
///
/// A value that does not parse is a usage error naming the option and what it takes:
/// `the option --size needs a whole number, not 'ten'`, `the option --locale takes zh or en, not 'fr'`.
public protocol ExpressibleByArgument: Sendable {
    /// Reads a value from `argument`; nil when it does not spell one.
    init?(argument: String)

    /// How the value is shown as a default in help (`(default: 10)`).
    var defaultValueDescription: String { get }

    /// Every value there is, for an enumeration: help lists them, errors name them, and
    /// completion offers them. Empty for open-ended types.
    static var allValueStrings: [String] { get }

    /// What a value of the type looks like, for errors: `a whole number`, `an absolute URL such
    /// as https://example.com/path`. Unused when ``ExpressibleByArgument/allValueStrings`` is not empty.
    static var valueDescription: String { get }

    /// What completion offers for the value by default.
    static var defaultCompletionKind: CompletionKind { get }
}

extension ExpressibleByArgument {
    /// The value as `String(describing:)` writes it.
    public var defaultValueDescription: String { String(describing: self) }

    /// None: the type is open-ended.
    public static var allValueStrings: [String] { [] }

    /// `a valid <type name>`.
    public static var valueDescription: String { "a valid \(Self.self)" }

    /// The values of ``ExpressibleByArgument/allValueStrings`` when there are some, else file names.
    public static var defaultCompletionKind: CompletionKind {
        allValueStrings.isEmpty ? .default : .list(allValueStrings)
    }

    /// What a usage error says the value takes: `needs a whole number`, `takes zh or en`.
    static var expectation: String {
        let values = allValueStrings
        guard !values.isEmpty else { return "needs \(valueDescription)" }
        guard values.count > 1, let last = values.last else { return "takes \(values.joined())" }
        return "takes \(values.dropLast().joined(separator: ", ")) or \(last)"
    }
}

extension ExpressibleByArgument where Self: RawRepresentable, RawValue: ExpressibleByArgument {
    /// The case whose raw value `argument` spells.
    public init?(argument: String) {
        guard let raw = RawValue(argument: argument) else { return nil }
        self.init(rawValue: raw)
    }

    /// The raw value.
    public var defaultValueDescription: String { rawValue.defaultValueDescription }
}

extension ExpressibleByArgument where Self: CaseIterable, Self: RawRepresentable, RawValue == String {
    /// The raw values of every case, in declaration order.
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
