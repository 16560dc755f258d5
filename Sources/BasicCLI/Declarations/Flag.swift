/// A flag: `--pretty`, `-y`, or several short ones together (`-yv`); true when given.
///
/// ```swift
/// @Flag(help: "Print arrays and objects indented.") var pretty = false
/// @Flag(name: .shortAndLong, help: "Do not ask for confirmation.") var yes = false
/// ```
///
/// A flag takes no value: `--pretty=yes` is a usage error. Given twice, it is still true.
@propertyWrapper
public struct Flag<Value: Sendable>: Decodable, Sendable, ArgumentDeclaring {
    var storage: WrapperStorage<Value>

    /// Whether the flag was given.
    public var wrappedValue: Value {
        get { storage.value(wrapper: "@Flag") }
        set { storage = .value(newValue) }
    }

    /// Takes the value the parser made for this property.
    ///
    /// - Throws: `DecodingError` when decoded by anything but the command-line parser.
    public init(from decoder: any Decoder) throws {
        storage = .value(try WrapperDecoding.value(Value.self, from: decoder, wrapper: "@Flag"))
    }

    func definitions(forKey key: String) -> [ArgumentDefinition] { storage.definitions(forKey: key) }
}

extension Flag where Value == Bool {
    /// A flag, `wrappedValue` (false) when not given and true when given.
    public init(wrappedValue: Bool = false, name: NameSpecification = .long, help: ArgumentHelp? = nil) {
        storage = .declaration { key in
            [
                .make(
                    .flag, key: key, names: name, help: help, isRequired: false, completion: .nothing
                ) { words, _ throws(CommandLineError) in
                    words.isEmpty ? wrappedValue : true
                }
            ]
        }
    }
}
