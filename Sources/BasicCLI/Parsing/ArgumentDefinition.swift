/// One declared option, flag or positional argument of a command, as the parser, help and
/// completion see it. The property wrappers make these from their declarations.
struct ArgumentDefinition: Sendable {
    enum Kind: Sendable, Equatable {
        case option
        case flag
        case positional
    }

    /// Builds the property's value from the words given for it (none when it was not given);
    /// `subject` names it in errors (`the option --size`).
    typealias ValueMaker = @Sendable (_ words: [String], _ subject: String) throws(CommandLineError) -> any Sendable

    var kind: Kind
    /// The property's path inside the command: `["db"]`, or `["store", "db"]` inside an `@OptionGroup`.
    var key: [String]
    /// Long names first; empty for a positional argument.
    var names: [OptionName]
    var help: ArgumentHelp
    /// `file` for `<file>`.
    var valueName: String
    /// The title of the `@OptionGroup` it comes from, when that group has one.
    var sectionTitle: String?
    /// An array: an option that may be given several times, or a positional that takes the rest.
    var isRepeating: Bool
    /// Whether the command line must give it.
    var isRequired: Bool
    /// The default as help shows it; nil for none (a flag, an optional, an empty array).
    var defaultDescription: String?
    var allValues: [String]
    var completion: CompletionKind
    var makeValue: ValueMaker

    /// The name errors and the parser's bookkeeping use: the first long name, else the short one.
    var preferredName: String {
        names.first.map(\.description) ?? "<\(valueName)>"
    }

    /// `the option --size`, `the argument <id>`.
    var subject: String {
        kind == .positional ? "the argument <\(valueName)>" : "the option \(preferredName)"
    }

    /// The dotted key the decoder looks values up by.
    var keyString: String { key.joined(separator: ".") }

    /// `--db <file>`, `--pretty`, `<path> ...`: how usage writes it, without brackets.
    var usageText: String {
        switch kind {
        case .flag: return preferredName
        case .option: return "\(preferredName) <\(valueName)>" + (isRepeating ? " ..." : "")
        case .positional: return "<\(valueName)>" + (isRepeating ? " ..." : "")
        }
    }

    /// `-y, --yes`, `--db <file>`: the label of the help's table.
    var helpLabel: String {
        switch kind {
        case .positional:
            return "<\(valueName)>"
        case .flag, .option:
            let shorts = names.filter { !$0.isLong }.map(\.description)
            let longs = names.filter(\.isLong).map(\.description)
            let label = (shorts + longs).joined(separator: ", ")
            return kind == .option ? "\(label) <\(valueName)>" : label
        }
    }

    /// The abstract with the values and the default after it: `The language. (values: zh, en; default: zh)`.
    var helpAbstract: String {
        var notes: [String] = []
        if !allValues.isEmpty { notes.append("values: " + allValues.joined(separator: ", ")) }
        if let defaultDescription, !defaultDescription.isEmpty { notes.append("default: " + defaultDescription) }
        guard !notes.isEmpty else { return help.abstract }
        let note = "(" + notes.joined(separator: "; ") + ")"
        return help.abstract.isEmpty ? note : help.abstract + " " + note
    }

    /// A copy inside an `@OptionGroup` at `prefix`, with the group's title when it has one.
    func nested(under prefix: String, title: String?) -> ArgumentDefinition {
        var copy = self
        copy.key.insert(prefix, at: 0)
        if copy.sectionTitle == nil { copy.sectionTitle = title }
        return copy
    }
}

/// Reads the value of one word, for the value makers of the wrappers.
enum ValueReader {
    /// `word` as `Value`, or a usage error naming `subject` and what the type takes.
    static func read<Value: ExpressibleByArgument>(
        _ word: String, as type: Value.Type, subject: String
    ) throws(CommandLineError) -> Value {
        guard let value = Value(argument: word) else {
            throw CommandLineError(.invalidValue(subject: subject, value: word, expectation: Value.expectation))
        }
        return value
    }

    /// `word` through a `transform` of the command's: what it throws is the message, as it is.
    static func transform<Value>(
        _ word: String, with transform: @Sendable (String) throws -> Value
    ) throws(CommandLineError) -> Value {
        do {
            return try transform(word)
        } catch let error as CommandLineError {
            throw error
        } catch {
            throw CommandLineError(.invalid(String(describing: error)))
        }
    }
}

/// A property wrapper that declares arguments: what the command tree asks of each stored
/// property it finds by reflection.
protocol ArgumentDeclaring {
    /// The definitions of the property named `key`.
    func definitions(forKey key: String) -> [ArgumentDefinition]
}
