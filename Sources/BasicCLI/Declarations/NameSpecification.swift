/// The names an option or flag answers to: `--long-name`, `-s`, or both.
///
/// The default, ``long``, is the property's name in kebab case (`pageSize` answers to
/// `--page-size`); ``short`` is its first letter.
///
/// ```swift
/// @Flag(name: .shortAndLong, help: "Do not ask.") var yes = false          // -y, --yes
/// @Option(name: .customLong("older-than")) var age: Duration              // --older-than
/// @Flag(name: [.customLong("include"), .customShort("i")]) var headers = false
/// ```
public struct NameSpecification: Sendable, Equatable, ExpressibleByArrayLiteral {
    /// One name.
    public enum Element: Sendable, Equatable {
        /// The property's name in kebab case, after two dashes.
        case long
        /// The property's first letter, after one dash.
        case short
        /// A long name of your own, without the dashes.
        case customLong(String)
        /// A short name of your own, without the dash.
        case customShort(Character)
    }

    /// The names, in the order help lists them (short ones are always listed first).
    public var elements: [Element]

    /// The names `elements`.
    public init(_ elements: [Element]) {
        self.elements = elements
    }

    /// The names of an array literal.
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }

    /// `--property-name`.
    public static let long: NameSpecification = [.long]
    /// `-p`.
    public static let short: NameSpecification = [.short]
    /// `-p` and `--property-name`.
    public static let shortAndLong: NameSpecification = [.long, .short]

    /// `--name`, given without the dashes.
    public static func customLong(_ name: String) -> NameSpecification { [.customLong(name)] }

    /// `-c`, given without the dash.
    public static func customShort(_ character: Character) -> NameSpecification { [.customShort(character)] }

    /// The names for the property `key`: long names first, then short ones, duplicates removed.
    func names(forKey key: String) -> [OptionName] {
        var names: [OptionName] = []
        for element in elements {
            let name: OptionName
            switch element {
            case .long: name = .long(key.kebabCased)
            case .short: name = .short(key.first ?? "?")
            case .customLong(let long): name = .long(long)
            case .customShort(let short): name = .short(short)
            }
            if !names.contains(name) { names.append(name) }
        }
        return names.filter(\.isLong) + names.filter { !$0.isLong }
    }
}

/// One name of an option as typed: `--db` or `-y`.
enum OptionName: Hashable, Sendable, CustomStringConvertible {
    case long(String)
    case short(Character)

    var isLong: Bool {
        if case .long = self { return true }
        return false
    }

    var description: String {
        switch self {
        case .long(let name): return "--" + name
        case .short(let character): return "-" + String(character)
        }
    }
}

extension String {
    /// `pageSize` → `page-size`, `URLString` → `url-string`, `KVGetCommand` → `kv-get-command`.
    var kebabCased: String {
        var result = ""
        let characters = Array(self)
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let startsWord = previous.isLowercase || previous.isNumber
                let endsAcronym = previous.isUppercase && (next?.isLowercase ?? false)
                if startsWord || endsAcronym { result.append("-") }
            }
            result.append(contentsOf: character.lowercased())
        }
        return result
    }
}
