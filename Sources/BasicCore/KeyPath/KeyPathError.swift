/// A key path that cannot be parsed or followed.
///
/// ```swift
/// do {
///     _ = try JSONKeyPath("data..list")
/// } catch {
///     print(error)
///     // malformed key path "data..list" at column 6: expected a key after '.'; …
/// }
/// ```
public enum KeyPathError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not a key path; `column` is 1-based, in Unicode scalars.
    case malformed(path: String, column: Int, reason: String)
    /// The path has `steps` steps, more than ``JSONValue/maximumDepth``: it could reach nothing
    /// in a document the parser accepts.
    case tooManySteps(path: String, steps: Int)
    /// Setting a value at `path` would nest arrays and objects `depth` levels deep, more than
    /// ``JSONValue/maximumDepth``.
    case tooDeep(path: String, depth: Int)
    /// Setting `path` would pad arrays with `padding` `null`s in all, more than
    /// ``JSONKeyPath/maximumTotalPadding``.
    case tooMuchPadding(path: String, padding: Int)
    /// Setting `path` would have to go through `step`, which holds a `found` value rather
    /// than the container (`expected`) the next step needs.
    case notAContainer(path: String, step: String, found: String, expected: String)
    /// An index in `path` at `step` points before the start of an array of `count`
    /// elements, or too far past its end to pad.
    case indexOutOfRange(path: String, step: String, index: Int, count: Int)
    /// Nothing is at `path`.
    case noValue(path: String)
    /// The value at `path` does not decode as `type`.
    case decodingFailed(path: String, type: String, reason: String)

    /// One line: what went wrong, where, and what to do.
    public var description: String { ErrorText.oneLine(unescapedDescription) }

    /// The description before control characters from the input are escaped.
    private var unescapedDescription: String {
        switch self {
        case .malformed(let path, let column, let reason):
            return "malformed key path \(Self.quote(path)) at column \(column): \(reason); "
                + "write keys as a.b, indexes as [0] or [-1], and keys with dots or brackets as [\"a.b\"]"
        case .tooManySteps(let path, let steps):
            return "the key path \(Self.quote(path)) has \(steps) steps, more than \(JSONValue.maximumDepth) "
                + "(the deepest a JSON document may nest); shorten the path"
        case .tooDeep(let path, let depth):
            return "cannot set \(Self.quote(path)): the document would nest \(depth) levels deep, more than "
                + "\(JSONValue.maximumDepth) (the deepest a JSON document may nest); use a shorter path or a flatter value"
        case .tooMuchPadding(let path, let padding):
            return "cannot set \(Self.quote(path)): it would pad arrays with \(padding) nulls in all, more than "
                + "\(JSONKeyPath.maximumTotalPadding); set indexes closer to the ends of the arrays"
        case .notAContainer(let path, let step, let found, let expected):
            return "cannot set \(Self.quote(path)): \(Self.name(step)) holds \(found), not \(expected); "
                + "remove or replace that value first"
        case .indexOutOfRange(let path, let step, let index, let count):
            if index < 0 {
                return "cannot set \(Self.quote(path)): index \(index) at \(Self.name(step)) is before the start "
                    + "of an array of \(count) element\(count == 1 ? "" : "s"); negative indexes count back from the end"
            }
            return "cannot set \(Self.quote(path)): index \(index) at \(Self.name(step)) is more than "
                + "\(JSONKeyPath.maximumPadding) past the end of an array of \(count) elements; append in smaller steps"
        case .noValue(let path):
            return "no value at \(Self.quote(path))"
        case .decodingFailed(let path, let type, let reason):
            return "cannot decode \(type) from the value at \(Self.quote(path)): \(reason)"
        }
    }

    /// A step for messages: quoted, or "the root" for the empty path.
    private static func name(_ step: String) -> String {
        step.isEmpty ? "the root" : quote(step)
    }

    /// The most characters of a path a message quotes; a longer path is cut in the middle.
    static let quotedLength = 120

    /// A path in quotes, cut to ``quotedLength`` characters so that a message stays one readable line.
    private static func quote(_ path: String) -> String {
        guard path.count > quotedLength else { return "\"\(path)\"" }
        let half = quotedLength / 2
        return "\"\(path.prefix(half))…\(path.suffix(half))\" (\(path.count) characters)"
    }
}
