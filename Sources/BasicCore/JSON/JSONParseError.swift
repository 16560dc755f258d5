/// A document that is not valid JSON (RFC 8259), with where the problem is.
///
/// ```swift
/// do {
///     _ = try JSONValue(parsing: #"{"a": 1,}"#)
/// } catch let error as JSONParseError {
///     print(error)   // invalid JSON at line 1, column 9: expected a key in quotes …
/// }
/// ```
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, and what was expected instead.
    public var reason: String
    /// The 1-based line of the problem.
    public var line: Int
    /// The 1-based column of the problem, in characters of that line.
    public var column: Int
    /// The 0-based byte offset of the problem.
    public var offset: Int

    /// Creates an error at a position.
    public init(reason: String, line: Int, column: Int, offset: Int) {
        self.reason = reason
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// One line: where, and what is wrong.
    public var description: String { ErrorText.oneLine(unescapedDescription) }

    /// The description before control characters from the input are escaped.
    private var unescapedDescription: String {
        "invalid JSON at line \(line), column \(column): \(reason)"
    }
}
