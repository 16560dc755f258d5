import BasicCore
import BasicXML
import Foundation
import Testing

/// XMLDictionary's rules and each option, one table row per rule.
@Suite struct ConversionRuleTests {
    typealias Configuration = XMLConverter.Configuration

    static func configured(_ change: (inout Configuration) -> Void) -> Configuration {
        var configuration = Configuration()
        change(&configuration)
        return configuration
    }

    static let defaultRules: [(String, String, String)] = [
        ("the root is an object with __name", "<feed/>", #"{"__name":"feed"}"#),
        ("root text goes under __text", "<string>Hello</string>", #"{"__name":"string","__text":"Hello"}"#),
        (
            "attributes are keys prefixed _", #"<a><link rel="alternate" href="http://x/"/></a>"#,
            #"{"__name":"a","link":{"_rel":"alternate","_href":"http://x/"}}"#
        ),
        ("an element with only text collapses to its string", "<a><id>42</id></a>", #"{"__name":"a","id":"42"}"#),
        (
            "text beside attributes is __text", #"<a><title type="text">Hi</title></a>"#,
            #"{"__name":"a","title":{"_type":"text","__text":"Hi"}}"#
        ),
        (
            "text beside children is __text, each run kept in order", "<a><p>one <b>two</b> three</p></a>",
            #"{"__name":"a","p":{"b":"two","__text":["one","three"]}}"#
        ),
        (
            "a repeated name becomes an array in document order", "<a><e>1</e><x>y</x><e>2</e><e>3</e></a>",
            #"{"__name":"a","e":["1","2","3"],"x":"y"}"#
        ),
        (
            "whitespace-only text is dropped and text trimmed", "<a>\n  <b>  padded\t</b>\n</a>",
            #"{"__name":"a","b":"padded"}"#
        ),
        (
            "an empty element is left out", "<a><avatar/><topic></topic><blank>  </blank><n>1</n></a>",
            #"{"__name":"a","n":"1"}"#
        ),
        (
            "an element with only attributes is an object", #"<a><summary type="text"/></a>"#,
            #"{"__name":"a","summary":{"_type":"text"}}"#
        ),
        (
            "predefined and character entities are decoded",
            "<a><t>&lt;b&gt; &amp;amp; &#x4E2D;&#25991; &quot;&apos;</t></a>",
            #"{"__name":"a","t":"<b> &amp; 中文 \"'"}"#
        ),
        ("CDATA is text", "<a><c><![CDATA[<p>x & y</p>]]></c></a>", #"{"__name":"a","c":"<p>x & y</p>"}"#),
        ("CDATA joins the text around it", "<a>x<![CDATA[ & ]]>y</a>", #"{"__name":"a","__text":"x & y"}"#),
        (
            "entities in attributes are decoded", #"<a><l href="http://m/?a=1&amp;b=2&#38;c=&lt;"/></a>"#,
            #"{"__name":"a","l":{"_href":"http://m/?a=1&b=2&c=<"}}"#
        ),
        (
            "internal DTD entities expand in text and attributes",
            #"<!DOCTYPE a [<!ENTITY site "博客园"><!ENTITY e "<b>&site;</b>">]><a t="&site;!">&site; &e;</a>"#,
            #"{"__name":"a","_t":"博客园!","b":"博客园","__text":"博客园"}"#
        ),
        (
            "names keep their prefixes, declarations are attributes",
            #"<rss xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>ann</dc:creator></rss>"#,
            #"{"__name":"rss","_xmlns:dc":"http://purl.org/dc/elements/1.1/","dc:creator":"ann"}"#
        ),
        (
            "the default namespace is an xmlns attribute",
            #"<feed xmlns="http://www.w3.org/2005/Atom"><diggs>1</diggs></feed>"#,
            #"{"__name":"feed","_xmlns":"http://www.w3.org/2005/Atom","diggs":"1"}"#
        ),
        (
            "comments and processing instructions are dropped", "<a><!-- note --><?pi data?><b>1</b></a>",
            #"{"__name":"a","b":"1"}"#
        ),
        ("numbers stay strings", "<a><views>12</views><ok>true</ok></a>", #"{"__name":"a","views":"12","ok":"true"}"#),
        (
            "GBK input is decoded by its declaration",
            "<?xml version=\"1.0\" encoding=\"GB18030\"?><a>\u{4E2D}</a>", #"{"__name":"a","__text":"中"}"#
        ),
    ]

    @Test("default rules", arguments: defaultRules)
    func defaultRule(name: String, xml: String, json: String) throws {
        let data: Data
        if xml.contains("GB18030") {
            // The character 中 in GB18030 is D6 D0.
            data =
                Data("<?xml version=\"1.0\" encoding=\"GB18030\"?><a>".utf8) + Data([0xD6, 0xD0]) + Data("</a>".utf8)
        } else {
            data = Data(xml.utf8)
        }
        let value = try XMLConverter().convert(data)
        #expect(value.jsonString() == json, "\(name)")
    }

    static let optionRows: [(String, Configuration, String, String)] = [
        (
            "alwaysUsesArrays wraps every child, not attributes",
            configured { $0.alwaysUsesArrays = true }, #"<a k="v"><b>1</b><c><d>2</d></c></a>"#,
            #"{"__name":"a","_k":"v","b":["1"],"c":[{"d":["2"]}]}"#
        ),
        (
            "keepsWhitespace keeps each run as written, blank ones too", configured { $0.keepsWhitespace = true },
            "<a> <b> x </b>\n</a>", #"{"__name":"a","b":" x ","__text":[" ","\n"]}"#
        ),
        (
            "emptyElements .null keeps empty elements as null (the feed preset)", .feed,
            "<a><avatar/><name>n</name></a>", #"{"__name":"a","avatar":null,"name":"n"}"#
        ),
        (
            "emptyElements .emptyString", configured { $0.emptyElements = .emptyString },
            "<a><avatar/></a>", #"{"__name":"a","avatar":""}"#
        ),
        (
            "attributePrefix and textKey",
            configured {
                $0.attributePrefix = "@"; $0.textKey = "$text"
            },
            #"<a><t type="html">x</t></a>"#, #"{"__name":"a","t":{"@type":"html","$text":"x"}}"#
        ),
        ("nameKey", configured { $0.nameKey = "tag" }, "<feed/>", #"{"tag":"feed"}"#),
        (
            "names .local drops prefixes and declarations", configured { $0.names = .local },
            #"<rss xmlns:dc="urn:dc" xmlns:x="urn:x"><dc:creator x:role="a">ann</dc:creator></rss>"#,
            #"{"__name":"rss","creator":{"_role":"a","__text":"ann"}}"#
        ),
        (
            "names .expanded writes {uri}local, declarations left out", configured { $0.names = .expanded },
            #"<rss xmlns:dc="urn:dc" xmlns:x="urn:x"><dc:creator x:role="a" plain="p">ann</dc:creator></rss>"#,
            #"{"__name":"rss","{urn:dc}creator":{"_{urn:x}role":"a","_plain":"p","__text":"ann"}}"#
        ),
        (
            "keepsComments: __comments, as written, always an array", configured { $0.keepsComments = true },
            "<a><!-- one --><b>1</b><!-- two --></a>", #"{"__name":"a","b":"1","__comments":[" one "," two "]}"#
        ),
        (
            "keepsComments: a lone comment makes an object", configured { $0.keepsComments = true },
            "<a><b><!-- why --></b></a>", #"{"__name":"a","b":{"__comments":[" why "]}}"#
        ),
    ]

    @Test("options", arguments: optionRows)
    func option(name: String, configuration: Configuration, xml: String, json: String) throws {
        let value = try XMLConverter(configuration: configuration).convert(xml)
        #expect(value.jsonString() == json, "\(name)")
    }

    @Test("with the feed preset, a present-but-empty element differs from a missing one")
    func emptyVersusMissing() throws {
        let value = try XMLConverter(configuration: .feed).convert(
            "<entry><author><name>a</name><avatar/></author></entry>")
        #expect(value["author"]?["avatar"] == .null)
        #expect(value["author"]?["uri"] == nil)
    }

    @Test("the defaults are XMLDictionary's; the feed preset differs only in empty elements")
    func presets() {
        #expect(Configuration.xmlDictionary == Configuration())
        var feed = Configuration()
        feed.emptyElements = .null
        #expect(Configuration.feed == feed)
        #expect(Configuration().emptyElements == .omit && Configuration().names == .qualified)
        #expect(Configuration().commentKey == "__comments")
    }

    @Test("grouping by name stays right past 16 distinct names")
    func manyNames() throws {
        let names = (0..<40).map { "n\($0)" }
        let xml = "<a>" + (names + names.reversed() + ["n3"]).map { "<\($0)>\($0)</\($0)>" }.joined() + "</a>"
        let value = try XMLConverter().convert(xml)
        #expect(value.objectValue?.keys == ["__name"] + names)
        #expect(value["n3"] == ["n3", "n3", "n3"])
        #expect(value["n39"] == ["n39", "n39"])
    }

    @Test("names that differ only in prefix are different keys unless names are local")
    func prefixedGrouping() throws {
        let xml = #"<r xmlns:a="urn:a" xmlns:b="urn:b"><a:x>1</a:x><b:x>2</b:x><a:x>3</a:x><x>4</x></r>"#
        #expect(
            try XMLConverter().convert(xml).jsonString()
                == #"{"__name":"r","_xmlns:a":"urn:a","_xmlns:b":"urn:b","a:x":["1","3"],"b:x":"2","x":"4"}"#)
        #expect(
            try XMLConverter(configuration: Self.configured { $0.names = .local }).convert(xml).jsonString()
                == #"{"__name":"r","x":["1","2","3","4"]}"#)
        // Two prefixes for one namespace are one name once expanded.
        let same = #"<r xmlns:a="urn:a" xmlns:b="urn:a"><a:x>1</a:x><b:x>2</b:x></r>"#
        #expect(
            try XMLConverter(configuration: Self.configured { $0.names = .expanded }).convert(same).jsonString()
                == #"{"__name":"r","{urn:a}x":["1","2"]}"#)
    }

    static let collidingKeys: [(String, Configuration, String, String)] = [
        (
            "an element named like an attribute's key: both, in one array", Configuration(),
            #"<a x="1"><_x>2</_x><y>3</y></a>"#, #"{"__name":"a","_x":["1","2"],"y":"3"}"#
        ),
        (
            "attributes that differ only in a dropped prefix: both", configured { $0.names = .local },
            #"<r xmlns:a="urn:a" xmlns:b="urn:b"><e a:k="1" b:k="2" c="3"/></r>"#,
            #"{"__name":"r","e":{"_k":["1","2"],"_c":"3"}}"#
        ),
        (
            "an element named __text and the text: both", Configuration(),
            "<a><__text>x</__text><b>1</b>y</a>", #"{"__name":"a","__text":["x","y"],"b":"1"}"#
        ),
        (
            "children named __name join the root's name", Configuration(),
            "<a><__name>b</__name><__name>c</__name></a>", #"{"__name":["a","b","c"]}"#
        ),
        (
            "an element named __comments and the comments: both",
            configured { $0.keepsComments = true }, "<a><__comments>x</__comments><!--c--></a>",
            #"{"__name":"a","__comments":["x","c"]}"#
        ),
        (
            "an attribute key equal to the text key: both", configured { $0.attributePrefix = "__" },
            #"<a><t text="1">2</t></a>"#, #"{"__name":"a","t":{"__text":["1","2"]}}"#
        ),
    ]

    @Test(
        "keys that collide keep their first place and gather their values, as XMLDictionary", arguments: collidingKeys)
    func collidingKey(name: String, configuration: Configuration, xml: String, json: String) throws {
        let value = try XMLConverter(configuration: configuration).convert(xml)
        #expect(value.jsonString() == json, "\(name)")
    }

    /// Text long enough that libxml2 hands it over in several pieces, mixed with entities,
    /// character references and CDATA, with white space at the pieces' edges.
    static let longTexts: [(String, String)] = {
        let chinese = String(repeating: "博客园", count: 700)
        let ascii = String(repeating: "swift ", count: 2000)
        return [
            ("long non-ASCII text", "  " + chinese + "\n"),
            ("long ASCII text", ascii),
            ("long text with entities", ascii + "&amp;" + chinese + "&#x4E2D;&lt;" + ascii),
            ("long text with CDATA", chinese + "<![CDATA[ <x> ]]>" + ascii + "<![CDATA[]]>  "),
            ("short pieces", "a&amp;b<![CDATA[c]]>&#100;"),
            ("white space around an entity", "  &amp;  "),
            ("only an entity", "&lt;"),
            ("only CDATA", "<![CDATA[  spaced  ]]>"),
        ]
    }()

    @Test("text in several pieces is joined and trimmed as a whole", arguments: longTexts)
    func longText(name: String, content: String) throws {
        let expected = Self.decoded(content)
        for keepsWhitespace in [false, true] {
            let configuration = Self.configured { $0.keepsWhitespace = keepsWhitespace }
            let converter = XMLConverter(configuration: configuration)
            let value = try converter.convert("<a><t>\(content)</t><u k=\"v\">\(content)</u></a>")
            let text = keepsWhitespace ? expected : Self.trimmed(expected)
            #expect(value["t"] == .string(text), "\(name)")
            #expect(value["u"]?["__text"] == .string(text), "\(name)")
        }
    }

    /// `content` with its entities, character references and CDATA sections decoded.
    static func decoded(_ content: String) -> String {
        var result = content
        for (from, to) in [
            ("<![CDATA[", ""), ("]]>", ""), ("&amp;", "&"), ("&lt;", "<"), ("&#x4E2D;", "中"), ("&#100;", "d"),
        ] {
            result = result.replacingOccurrences(of: from, with: to)
        }
        return result
    }

    /// `text` without leading and trailing XML white space.
    static func trimmed(_ text: String) -> String {
        String(text.drop { " \n\t\r".contains($0) }.reversed().drop { " \n\t\r".contains($0) }.reversed())
    }

    @Test("conversions run in parallel, each with its own parser")
    func parallel() async throws {
        let results = try await withThrowingTaskGroup(of: JSONValue.self) { group in
            for index in 0..<16 {
                group.addTask { try XMLConverter().convert("<a><n>\(index)</n><e/></a>") }
            }
            var values: [JSONValue] = []
            for try await value in group { values.append(value) }
            return values
        }
        #expect(Set(results.compactMap { $0["n"]?.asInt }) == Set(0..<16))
    }
}
