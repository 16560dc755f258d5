import BasicCore
import BasicXML
import Testing

/// Issue 17: the default configuration gives what XMLDictionary 1.4.1 gives (its parser with
/// namespace processing off, its `collapseTextNodes`, `stripEmptyNodes` and `trimWhiteSpace` on),
/// case by case; expected values written from its `XMLDictionary.m`.
@Suite struct XMLDictionaryConformanceTests {
    static let cases: [(String, String, String)] = [
        (
            "qualified names and xmlns declarations as attributes",
            #"<r xmlns:dc="urn:dc"><dc:creator>A</dc:creator></r>"#,
            #"{"__name":"r","_xmlns:dc":"urn:dc","dc:creator":"A"}"#
        ),
        (
            "two prefixes, two elements: never merged",
            #"<r xmlns:a="urn:1" xmlns:b="urn:2"><a:x>1</a:x><b:x>2</b:x></r>"#,
            #"{"__name":"r","_xmlns:a":"urn:1","_xmlns:b":"urn:2","a:x":"1","b:x":"2"}"#
        ),
        ("mixed content keeps each trimmed run", "<r>a<b>1</b>c</r>", #"{"__name":"r","b":"1","__text":["a","c"]}"#),
        (
            "words around elements keep their order",
            "<r><p>Use <code>let</code>, not <code>var</code>.</p></r>",
            #"{"__name":"r","p":{"code":["let","var"],"__text":["Use",", not","."]}}"#
        ),
        ("Unicode white space is trimmed", "<r><t>\u{3000}标题\u{3000}</t></r>", #"{"__name":"r","t":"标题"}"#),
        (
            "every whitespaceAndNewlines scalar is trimmed, inner ones kept",
            "<r><t>\u{A0}\u{85}\u{2028}\u{2003}\t\r\na\u{3000}b\u{2029}\u{202F}\u{205F}\u{1680}</t></r>",
            #"{"__name":"r","t":"a\u3000b"}"#
        ),
        ("a zero-width space is not white space", "<r><t>\u{200B}x</t></r>", "{\"__name\":\"r\",\"t\":\"\u{200B}x\"}"),
        (
            "an attribute and an element with one key: an array", #"<r x="1"><_x>2</_x></r>"#,
            #"{"__name":"r","_x":["1","2"]}"#
        ),
        ("an empty element is left out", "<r><a/><b>1</b></r>", #"{"__name":"r","b":"1"}"#),
        ("an empty second element leaves the array it made", "<r><a>1</a><a/></r>", #"{"__name":"r","a":["1"]}"#),
        ("an empty first element makes no array", "<r><a/><a>1</a></r>", #"{"__name":"r","a":"1"}"#),
        (
            "runs around a left-out element collapse with a line feed", "<x><r>a<b/>c</r></x>",
            #"{"__name":"x","r":"a\nc"}"#
        ),
        ("a comment does not split a run", "<x><r>a<!-- c -->b</r></x>", #"{"__name":"x","r":"ab"}"#),
        ("the root never collapses", "<r>text</r>", #"{"__name":"r","__text":"text"}"#),
        (
            "a prefixed root keeps its prefix", #"<a:r xmlns:a="urn:a"><a:x>1</a:x></a:r>"#,
            #"{"__name":"a:r","_xmlns:a":"urn:a","a:x":"1"}"#
        ),
    ]

    @Test("XMLDictionary's results, by default", arguments: cases)
    func conforms(name: String, xml: String, json: String) throws {
        #expect(try XMLConverter().convert(xml) == (try JSONValue(parsing: json)), "\(name)")
    }

    @Test("comments are kept as written under __comments, always an array")
    func comments() throws {
        var configuration = XMLConverter.Configuration()
        configuration.keepsComments = true
        let value = try XMLConverter(configuration: configuration).convert("<r><!-- only --><a>1</a></r>")
        #expect(value["__comments"] == [" only "])
    }
}
