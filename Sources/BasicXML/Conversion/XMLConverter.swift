import BasicCore
import Foundation

/// Turns XML into a ``JSONValue`` by XMLDictionary's rules, parsing with libxml2.
///
/// ```swift
/// let xml = #"<feed><title type="text">博客园</title><entry><id>1</id></entry><entry><id>2</id><avatar/></entry></feed>"#
/// let value = try XMLConverter().convert(Data(xml.utf8))
/// // {"__name":"feed","title":{"_type":"text","__text":"博客园"},
/// //  "entry":[{"id":"1"},{"id":"2"}]}
/// ```
///
/// The rules, by default XMLDictionary 1.4.1's exactly (keys and switches are
/// ``Configuration`` values; the DocC article lists the deviations you can choose):
/// - The root element becomes an object whose ``Configuration/nameKey`` (`__name`) holds its name.
/// - Attributes become keys with ``Configuration/attributePrefix`` (`_`): `_href`. Names are
///   qualified as written (`dc:creator`), and namespace declarations are attributes too
///   (`_xmlns:dc`), as to XMLDictionary's parser, which does not process namespaces.
/// - Child elements become keys named after them, in the order they first appear. A name that
///   occurs more than once holds an array of the values in document order (with
///   ``Configuration/alwaysUsesArrays``, every child is an array). A key already taken (an
///   element `_x` beside an attribute `x`) gathers both values into one array.
/// - An element with only text collapses to that text, a string. When it also has attributes or
///   children, its text goes under ``Configuration/textKey`` (`__text`): one run, or, when
///   children interrupt it, each run in order (`<p>a<b>1</b>c</p>` gives `["a", "c"]`).
/// - Each run is trimmed of Unicode white space and line breaks, and a run left empty is
///   dropped (``Configuration/keepsWhitespace`` keeps runs as written).
/// - An empty element (no attributes, children or text) is left out
///   (``Configuration/emptyElements`` chooses `null` or `""` instead).
/// - Comments are dropped (``Configuration/keepsComments`` keeps them under `__comments`).
/// - Entity references (`&amp;`, `&#x4E2D;`, entities declared in the document's own DTD) and
///   CDATA sections are decoded into the text. All text stays a string: `<views>12</views>`
///   gives `"12"`, as XMLDictionary does. Processing instructions are ignored.
///
/// Input is never trusted: external entities and DTDs are never loaded, nothing touches the
/// network, nesting is limited to 256 levels, and entity expansion is bounded.
public struct XMLConverter: Sendable {
    /// The keys and switches of the conversion.
    public var configuration: Configuration

    /// A converter with the given rules (by default XMLDictionary's).
    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
    }

    /// Converts an XML document to a ``JSONValue`` object.
    ///
    /// The document's encoding is read from its declaration or byte-order mark (UTF-8 when
    /// there is neither).
    ///
    /// - Throws: ``XMLError`` with the line and column for malformed or truncated input, and
    ///   for input that nests too deeply or whose entities expand too far.
    /// - Complexity: O(*n*) in the size of the input.
    public func convert(_ data: Data) throws(XMLError) -> JSONValue {
        var builder = TreeBuilder(configuration: configuration, inputSize: data.count)
        let parser = try SAXParser(data: data)
        try parser.parse(into: &builder)
        guard let root = builder.root else {
            throw XMLError(kind: .malformed, line: 0, column: 0, message: "the document has no root element")
        }
        return root
    }

    /// Converts an XML document given as a string; see ``convert(_:)-(Data)``.
    ///
    /// - Throws: ``XMLError`` as ``convert(_:)-(Data)`` does.
    public func convert(_ text: String) throws(XMLError) -> JSONValue {
        try convert(Data(text.utf8))
    }
}
