import BasicCore

/// A document that BasicXML could not read: where, what, and what to do about it.
///
/// Errors from libxml2 keep its error code and message, and the line and column (both counted
/// from 1) where it stopped:
///
/// ```swift
/// do {
///     _ = try XMLConverter().convert(Data("<a><b></a>".utf8))
/// } catch {
///     print(error)  // XML error at line 1, column 11: Opening and ending tag mismatch: b line 1 and a; …
/// }
/// ```
public struct XMLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem stopped the reading.
    public enum Kind: Sendable, Hashable {
        /// The input is not well-formed XML (including invalid UTF-8 and undefined entities).
        case malformed
        /// The input ends before the root element is closed.
        case truncated
        /// Elements nest deeper than the parser allows (libxml2's limit, 256 levels).
        case tooDeep
        /// Entities expand to far more text than the input holds (an entity bomb).
        case entityExpansion
        /// The input is larger than libxml2 can take in one piece (2 GiB).
        case tooLarge
        /// The document is XML but not an Atom or RSS feed.
        case notAFeed
    }

    /// What kind of problem stopped the reading.
    public var kind: Kind
    /// The line where it stopped, from 1; 0 when the problem is not at a place in the input.
    public var line: Int
    /// The column where it stopped, from 1; 0 when unknown.
    public var column: Int
    /// libxml2's error code (`xmlParserErrors`), or 0 for errors of BasicXML's own.
    public var code: Int32
    /// What went wrong, in libxml2's words or ours.
    public var message: String

    /// Creates an error.
    public init(kind: Kind, line: Int, column: Int, code: Int32 = 0, message: String) {
        self.kind = kind
        self.line = line
        self.column = column
        self.code = code
        self.message = message
    }

    /// One line: where, what, and what to do.
    public var description: String { ErrorText.oneLine(unescapedDescription) }

    /// The description before control characters from the input are escaped.
    private var unescapedDescription: String {
        let place = line > 0 ? "XML error at line \(line), column \(column)" : "XML error"
        return "\(place): \(message); \(advice)"
    }

    /// What to do about an error of this kind.
    var advice: String {
        switch kind {
        case .malformed: "fix the document at that place, or check that it is XML at all"
        case .truncated: "the document is incomplete: fetch or save it again"
        case .tooDeep: "the document nests too deeply to be read safely; it is likely hostile"
        case .entityExpansion: "the document's entities expand too far to be read safely; it is likely hostile"
        case .tooLarge: "split the document or read a smaller one"
        case .notAFeed: "give an Atom feed (<feed>) or an RSS 2.0 feed (<rss>)"
        }
    }
}
