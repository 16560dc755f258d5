/// Parses the text of a ``JSONKeyPath``; see its documentation for the grammar.
struct KeyPathParser {
    /// Scalars that end an unquoted key or cannot appear in one.
    static let reservedScalars: Set<Unicode.Scalar> = [".", "[", "]", "\"", "'"]

    private let text: String
    /// The text's Unicode scalars: a path is read scalar by scalar, so that a `.` followed by a
    /// combining mark still separates two keys and keys keep exactly the scalars written.
    private let characters: [Unicode.Scalar]
    private var position = 0

    init(text: String) {
        self.text = text
        characters = Array(text.unicodeScalars)
    }

    mutating func parse() throws(KeyPathError) -> [JSONKeyPath.Component] {
        var components: [JSONKeyPath.Component] = []
        guard !characters.isEmpty else { return components }
        // The first step is a key or a bracket; each later one follows '.' or is a bracket.
        if characters[0] == "[" {
            components.append(try parseBracket())
        } else {
            components.append(.key(try parseKey(after: nil)))
        }
        while position < characters.count {
            switch characters[position] {
            case ".":
                position += 1
                components.append(.key(try parseKey(after: ".")))
            case "[":
                components.append(try parseBracket())
            default:
                throw malformed("expected '.' or '[' after ']', found '\(characters[position])'")
            }
        }
        guard components.count <= JSONValue.maximumDepth else {
            throw KeyPathError.tooManySteps(path: text, steps: components.count)
        }
        return components
    }

    private mutating func parseKey(after separator: Character?) throws(KeyPathError) -> String {
        let start = position
        while position < characters.count {
            let character = characters[position]
            if character == "." || character == "[" { break }
            if character == "]" { throw malformed("unexpected ']' without a matching '['") }
            if character == "\"" || character == "'" {
                throw malformed("a quote may only open a key in brackets, as [\"key\"]")
            }
            position += 1
        }
        guard position > start else {
            throw malformed(separator == nil ? "expected a key" : "expected a key after '.'")
        }
        return Self.string(characters[start..<position])
    }

    private mutating func parseBracket() throws(KeyPathError) -> JSONKeyPath.Component {
        position += 1  // [
        guard position < characters.count else {
            throw malformed("expected an index or a quoted key after '['")
        }
        let component: JSONKeyPath.Component
        let character = characters[position]
        if character == "\"" || character == "'" {
            component = .key(try parseQuoted(quote: character))
        } else if character == "-" || character.isASCIIDigit {
            component = .index(try parseIndex())
        } else {
            throw malformed(
                character == "]"
                    ? "empty brackets; expected an index or a quoted key"
                    : "expected an integer index or a quoted key, found '\(character)'")
        }
        guard position < characters.count else { throw malformed("expected ']'") }
        guard characters[position] == "]" else {
            throw malformed("expected ']', found '\(characters[position])'")
        }
        position += 1
        return component
    }

    private mutating func parseIndex() throws(KeyPathError) -> Int {
        let start = position
        if characters[position] == "-" { position += 1 }
        let digitsStart = position
        while position < characters.count, characters[position].isASCIIDigit {
            position += 1
        }
        guard position > digitsStart else {
            throw malformed("expected a digit after '-'")
        }
        guard let index = Int(Self.string(characters[start..<position])) else {
            position = start
            throw malformed("the index is too large")
        }
        return index
    }

    private mutating func parseQuoted(quote: Unicode.Scalar) throws(KeyPathError) -> String {
        let opening = position
        position += 1
        var key = String.UnicodeScalarView()
        while position < characters.count {
            let character = characters[position]
            if character == quote {
                position += 1
                return String(key)
            }
            if character == "\\" {
                position += 1
                guard position < characters.count else { break }
                let escaped = characters[position]
                guard escaped == "\"" || escaped == "'" || escaped == "\\" else {
                    position -= 1
                    throw malformed("unknown escape '\\\(escaped)'; only \\\" \\' and \\\\ are escapes in a quoted key")
                }
                key.append(escaped)
            } else {
                key.append(character)
            }
            position += 1
        }
        position = opening
        throw malformed("the quoted key is not closed; add \(quote) before ']'")
    }

    private func malformed(_ reason: String) -> KeyPathError {
        .malformed(path: text, column: position + 1, reason: reason)
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}
