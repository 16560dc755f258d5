extension XMLConverter {
    /// How XML maps onto JSON: the keys for names, attributes, text and comments, and what
    /// becomes of names, repeated, empty and whitespace-only content.
    ///
    /// The defaults are XMLDictionary's rules, exactly; ``feed`` and the options are named
    /// deviations from them (the DocC article has the table).
    ///
    /// ```swift
    /// var configuration = XMLConverter.Configuration()
    /// configuration.alwaysUsesArrays = true
    /// let value = try XMLConverter(configuration: configuration).convert(data)
    /// ```
    public struct Configuration: Sendable, Hashable {
        /// What becomes of an element with no attributes, no children and no text, such as
        /// `<avatar/>` or `<topic></topic>`.
        public enum EmptyElementStyle: Sendable, Hashable {
            /// It becomes `null`, so that a present-but-empty element differs from a missing one.
            /// A deviation from XMLDictionary, which leaves it out.
            case null
            /// It is left out, as if it were not there (XMLDictionary's way, the default).
            case omit
            /// It becomes an empty string.
            case emptyString
        }

        /// What element and attribute names become.
        public enum NameStyle: Sendable, Hashable {
            /// The name as written, prefix and all (`dc:creator`), with namespace declarations
            /// kept as attributes (`_xmlns:dc`): XMLDictionary's way, whose parser does not process
            /// namespaces. The default.
            case qualified
            /// The local name alone (`creator`), declarations left out: names that differ only in
            /// their prefix become one key. A deviation.
            case local
            /// `{uri}local` (`{http://purl.org/dc/elements/1.1/}creator`) for a name in a
            /// namespace, the local name for one in none, declarations left out: what the name
            /// means, whatever prefix the document chose. A deviation.
            case expanded
        }

        /// The prefix of the keys that hold attributes: `_` turns `<link href="…"/>` into
        /// `{"_href": "…"}`.
        public var attributePrefix: String = "_"

        /// The key of an element's text when the element also has attributes or children:
        /// `<title type="text">Hi</title>` becomes `{"_type": "text", "__text": "Hi"}`. Text
        /// interrupted by child elements keeps each run, in order: `<p>a<b>1</b>c</p>` gives
        /// `{"b": "1", "__text": ["a", "c"]}`.
        public var textKey: String = "__text"

        /// The key of the root element's name: the root is always an object, `{"__name": "feed", …}`.
        public var nameKey: String = "__name"

        /// The key of an element's comments, when ``keepsComments`` is on: always an array.
        public var commentKey: String = "__comments"

        /// Whether every child element becomes an array, even when its name occurs once.
        /// Off: a name that occurs once holds its value, a repeated name holds an array of them.
        /// Attributes are never arrays.
        public var alwaysUsesArrays = false

        /// Whether text is kept exactly as written. Off: each run of text is trimmed of leading
        /// and trailing white space and line breaks as Foundation's
        /// `whitespaceAndNewlines` has them (Unicode's separators, U+0009–U+000D and U+0085,
        /// so `　标题　` gives `标题`), and a run left empty (the indentation between elements) is
        /// dropped. On: runs are kept as written, white-space-only ones too.
        public var keepsWhitespace = false

        /// What an empty element becomes; see ``EmptyElementStyle``.
        public var emptyElements: EmptyElementStyle = .omit

        /// What element and attribute names become; see ``NameStyle``.
        public var names: NameStyle = .qualified

        /// Whether comments are kept as written, under ``commentKey``, always an array. Off:
        /// comments are dropped.
        public var keepsComments = false

        /// The defaults: XMLDictionary's rules.
        public init() {}

        /// XMLDictionary's rules: the same as ``init()``, for a caller that wants to say so.
        public static let xmlDictionary = Configuration()

        /// What the feed reader's JSON uses: XMLDictionary's rules, except that an empty
        /// element is `null`, so that `<avatar/>` differs from a missing avatar.
        public static let feed: Configuration = {
            var configuration = Configuration()
            configuration.emptyElements = .null
            return configuration
        }()
    }
}
