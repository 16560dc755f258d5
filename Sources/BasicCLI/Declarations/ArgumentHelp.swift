/// The help of one option, flag or argument: a one-line abstract, an optional discussion, and
/// the name its value is shown under (`--db <file>`).
///
/// A string literal is an abstract alone:
///
/// ```swift
/// @Option(help: "The store file.") var db: String
/// @Option(help: ArgumentHelp("The store file.", valueName: "file")) var db: String
/// ```
public struct ArgumentHelp: Sendable, Equatable, ExpressibleByStringInterpolation {
    /// One line for the help's table; the default (`(default: 10)`) and the values of an
    /// enumeration are added after it.
    public var abstract: String
    /// More text, printed under the abstract; empty for none.
    public var discussion: String
    /// The name of the value in usage and help (`file` shows `<file>`); nil for the property's
    /// name in kebab case (`pageSize` shows `<page-size>`).
    public var valueName: String?

    /// Help with an abstract, a discussion and the name of the value.
    public init(_ abstract: String = "", discussion: String = "", valueName: String? = nil) {
        self.abstract = abstract
        self.discussion = discussion
        self.valueName = valueName
    }

    /// Help that is only an abstract.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Help that is only an abstract, written with interpolations (`"The base (\(Client.defaultURL))."`).
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(String(stringInterpolation: stringInterpolation))
    }
}
