/// The options of a ``ParsableArguments`` struct, included in a command: the way options shared
/// by several commands are declared once.
///
/// ```swift
/// struct StoreOptions: ParsableArguments {
///     @Option(help: ArgumentHelp("The store file.", valueName: "file")) var db: String
///     @Option(help: "The collection.") var collection = "default"
/// }
///
/// struct KV: AsyncParsableCommand {            // the group: bsl kv --db FILE get KEY
///     static let configuration = CommandConfiguration(commandName: "kv", subcommands: [Get.self])
///     @OptionGroup(title: "Store options") var store: StoreOptions
/// }
///
/// struct Get: AsyncParsableCommand {           // bsl kv get KEY --db FILE works too
///     @OptionGroup(title: "Store options") var store: StoreOptions
///     @Argument(help: "The key.") var key: String
///     func run() async throws { print(store.db, key) }
/// }
/// ```
///
/// A group's options are accepted anywhere after the group's name, before or after a
/// subcommand's, and every subcommand's help lists them; a subcommand that reads them includes
/// the same struct. With a `title`, help lists them under a heading of their own (`STORE OPTIONS:`).
/// The struct's `validate()` runs before the command's.
@propertyWrapper
public struct OptionGroup<Value: ParsableArguments>: Decodable, Sendable, ArgumentDeclaring {
    var storage: WrapperStorage<Value>

    /// The group's options; a non-empty `title` gives them a heading of their own in help.
    public init(title: String = "") {
        storage = .declaration { key in
            CommandReflection.definitions(of: Value.self).map {
                $0.nested(under: key, title: title.isEmpty ? nil : title)
            }
        }
    }

    /// The parsed options.
    public var wrappedValue: Value {
        get { storage.value(wrapper: "@OptionGroup") }
        set { storage = .value(newValue) }
    }

    /// Decodes the struct from the parser's values and runs its `validate()`.
    ///
    /// - Throws: ``CommandLineError`` when `validate()` throws (any error it throws becomes one),
    ///   `DecodingError` when decoded by anything but the command-line parser.
    public init(from decoder: any Decoder) throws {
        var value = try Value(from: decoder)
        try CommandReflection.validate(&value)
        storage = .value(value)
    }

    func definitions(forKey key: String) -> [ArgumentDefinition] { storage.definitions(forKey: key) }
}
