/// A set of options and arguments, declared as properties with `@Option`, `@Flag`, `@Argument`
/// and `@OptionGroup`: a command, or options several commands share through `@OptionGroup`.
///
/// ```swift
/// struct NetworkOptions: ParsableArguments {
///     @Option(help: "Record the exchanges into the cassette folder DIR.", completion: .directory)
///     var record: String?
///     @Option(help: "Answer from the cassette folder DIR.", completion: .directory)
///     var replay: String?
///
///     func validate() throws {
///         if record != nil && replay != nil { throw ValidationError("--record and --replay cannot be used together") }
///     }
/// }
/// ```
///
/// The parser finds the declarations by reflection on an instance made with `init()` and makes
/// the parsed instance through `Decodable`, as swift-argument-parser does: every stored property
/// must be one of the four wrappers (make anything else a computed property, or leave it out of
/// the type's `CodingKeys`).
public protocol ParsableArguments: Decodable, Sendable {
    /// An instance holding the declarations; its values are not to be read.
    init()

    /// Checks the parsed values together, before the command runs; throw ``ValidationError`` for
    /// a combination that does not fit (exit status 64). The default accepts everything.
    mutating func validate() throws
}

extension ParsableArguments {
    /// Accepts every combination.
    public mutating func validate() throws {}
}
