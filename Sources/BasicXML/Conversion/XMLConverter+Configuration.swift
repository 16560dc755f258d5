extension XMLConverter {
    /// How XML maps onto JSON: the keys for names, attributes, text and comments, and what
    /// becomes of repeated, empty and whitespace-only content.
    ///
    /// The defaults are XMLDictionary's rules, except that an empty element becomes `null`
    /// instead of disappearing; ``xmlDictionary`` drops empty elements as XMLDictionary does.
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
            case null
            /// It is left out, as if it were not there (XMLDictionary's way).
            case omit
            /// It becomes an empty string.
            case emptyString
        }

        /// The prefix of the keys that hold attributes: `_` turns `<link href="…"/>` into
        /// `{"_href": "…"}`.
        public var attributePrefix: String = "_"

        /// The key of an element's text when the element also has attributes or children:
        /// `<title type="text">Hi</title>` becomes `{"_type": "text", "__text": "Hi"}`.
        public var textKey: String = "__text"

        /// The key of the root element's name: the root is always an object, `{"__name": "feed", …}`.
        public var nameKey: String = "__name"

        /// The key of an element's comments, when ``keepsComments`` is on.
        public var commentKey: String = "__comment"

        /// Whether every child element becomes an array, even when its name occurs once.
        /// Off: a name that occurs once holds its value, a repeated name holds an array of them.
        /// Attributes are never arrays.
        public var alwaysUsesArrays = false

        /// Whether text is kept exactly as written. Off: text is trimmed of leading and trailing
        /// white space (space, tab, line feed, carriage return), and text that is only white
        /// space (the indentation between elements) is dropped.
        public var keepsWhitespace = false

        /// What an empty element becomes; see ``EmptyElementStyle``.
        public var emptyElements: EmptyElementStyle = .null

        /// Whether element and attribute names keep their namespace prefix (`dc:creator`).
        /// Off: the prefix is dropped (`creator`). Namespace declarations (`xmlns`, `xmlns:dc`)
        /// are never turned into keys.
        public var keepsNamespacePrefixes = false

        /// Whether comments are kept, under ``commentKey`` (a string, or an array of strings
        /// when an element has several). Off: comments are dropped.
        public var keepsComments = false

        /// The defaults: XMLDictionary's rules, with empty elements as `null`.
        public init() {}

        /// XMLDictionary's own defaults: empty elements are left out.
        public static let xmlDictionary: Configuration = {
            var configuration = Configuration()
            configuration.emptyElements = .omit
            return configuration
        }()

        /// What the feed decoder reads with: namespace prefixes kept, so that `dc:creator`
        /// and `content:encoded` differ from un-prefixed extension elements.
        public static let feed: Configuration = {
            var configuration = Configuration()
            configuration.keepsNamespacePrefixes = true
            return configuration
        }()
    }
}
