import BasicCore
import BasicXML
import Foundation
import TestSupport
import Testing

/// Input is never trusted: malformed, truncated, deep, explosive and file-reading documents
/// give an ``XMLError`` (or bounded output), quickly, and never read a file.
@Suite struct HostileInputTests {
    static let malformed: [(String, String, XMLError.Kind, Int, Int)] = [
        ("an unclosed root (swift-corelibs-foundation #5281)", "<a>", .truncated, 1, 4),
        ("mismatched tags (#5281)", "<a><b></a>", .malformed, 1, 11),
        ("truncated inside a tag", "<feed>\n<entry><title type=\"te", .truncated, 2, 23),
        ("truncated inside text", "<feed>\n  <entry>\n    <title>Hi", .truncated, 3, 14),
        ("two roots", "<a/><b/>", .malformed, 1, 5),
        ("an empty document", "", .malformed, 1, 1),
        ("text only", "hello", .malformed, 1, 1),
        ("an undefined entity", "<a>&nbsp;</a>", .malformed, 1, 10),
        ("a bad attribute", "<a b=c/>", .malformed, 1, 6),
    ]

    @Test("malformed and truncated input is an XMLError with line and column", arguments: malformed)
    func malformedInput(name: String, xml: String, kind: XMLError.Kind, line: Int, column: Int) {
        #expect(throws: XMLError.self, "\(name)") { try XMLConverter().convert(xml) }
        do {
            _ = try XMLConverter().convert(xml)
        } catch {
            #expect(error.kind == kind, "\(name): \(error)")
            #expect(error.line == line, "\(name): \(error)")
            #expect(error.column == column, "\(name): \(error)")
            #expect(error.description.hasPrefix("XML error at line \(line), column \(column): "))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test("invalid UTF-8 in an element name is an error, not a trap (#5534)")
    func invalidUTF8InName() {
        let bytes =
            Data("<feed><ti".utf8) + Data([0xFF, 0xFE, 0xC3]) + Data("tle>x</ti".utf8) + Data([0xFF, 0xFE, 0xC3])
            + Data("tle></feed>".utf8)
        do {
            _ = try XMLConverter().convert(bytes)
            Issue.record("invalid UTF-8 was accepted")
        } catch {
            #expect(error.kind == .malformed)
            #expect(error.line == 1)
            #expect(error.description.contains("UTF-8"), "\(error)")
        }
    }

    @Test("invalid UTF-8 in text is an error too")
    func invalidUTF8InText() {
        let bytes = Data("<a>ok ".utf8) + Data([0xC3, 0x28]) + Data("</a>".utf8)
        #expect(throws: XMLError.self) { try XMLConverter().convert(bytes) }
    }

    @Test("a feed of about 930 KB given as Data parses whole (#4851)")
    func largeData() throws {
        var xml = #"<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom">"#
        var count = 0
        while xml.utf8.count < 930 * 1024 {
            count += 1
            xml += "<entry><id>\(count)</id><title type=\"text\">第\(count)篇 Swift 与 libxml2</title>"
            xml += "<summary type=\"text\">\(String(repeating: "摘要 summary ", count: 8))</summary></entry>"
        }
        xml += "</feed>"
        let data = Data(xml.utf8)
        #expect((900_000...1_000_000).contains(data.count))
        let value = try XMLConverter().convert(data)
        let entries = try #require(value["entry"]?.arrayValue)
        #expect(entries.count == count)
        #expect(entries.last?["id"] == .string("\(count)"))
    }

    // A hang is caught by the time limit; the test measures no speed.
    @Test("100,000 levels of nesting end with a depth error", .timeLimit(.minutes(1)))
    func deepNesting() {
        let depth = 100_000
        let xml = String(repeating: "<a>", count: depth) + "x" + String(repeating: "</a>", count: depth)
        do {
            _ = try XMLConverter().convert(xml)
            Issue.record("100,000 levels were accepted")
        } catch {
            #expect(error.kind == .tooDeep, "\(error)")
            #expect(error.line == 1)
        }
    }

    @Test("250 levels of nesting, inside libxml2's limit, convert")
    func allowedNesting() throws {
        let xml = String(repeating: "<a>", count: 250) + "x" + String(repeating: "</a>", count: 250)
        var value = try XMLConverter().convert(xml)
        for _ in 1..<250 { value = try #require(value["a"]) }
        #expect(value == "x")
    }

    static let billionLaughs = """
        <?xml version="1.0"?>
        <!DOCTYPE lolz [
          <!ENTITY lol "lol">
          <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
          <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
          <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
          <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
          <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
          <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
          <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
          <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
          <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
        ]>
        <lolz>&lol9;</lolz>
        """

    static let quadraticBlowup: String = {
        let entity = String(repeating: "x", count: 50_000)
        return "<!DOCTYPE a [<!ENTITY x \"\(entity)\">]><a>" + String(repeating: "&x;", count: 50_000) + "</a>"
    }()

    static let quadraticBlowupInAttribute: String = {
        let entity = String(repeating: "x", count: 50_000)
        return "<!DOCTYPE a [<!ENTITY x \"\(entity)\">]><a t=\"" + String(repeating: "&x;", count: 50_000) + "\"/>"
    }()

    @Test(
        "entity bombs end with an expansion error or bounded output (#5237)", .timeLimit(.minutes(1)),
        arguments: [
            ("billion laughs", billionLaughs), ("quadratic blowup", quadraticBlowup),
            (
                "billion laughs in an attribute",
                billionLaughs.replacingOccurrences(of: "<lolz>&lol9;</lolz>", with: #"<lolz a="&lol9;"/>"#)
            ),
            ("quadratic blowup in an attribute", quadraticBlowupInAttribute),
        ])
    func entityBomb(name: String, xml: String) {
        do {
            let value = try XMLConverter().convert(xml)
            #expect(value.jsonString().utf8.count < 64 << 20, "\(name)")
        } catch {
            #expect(error.kind == .entityExpansion, "\(name): \(error)")
        }
    }

    @Test(
        "external entities and DTDs are never loaded",
        arguments: [
            #"<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>"#,
            #"<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "/etc/passwd">]><a><b>&x;</b></a>"#,
            #"<?xml version="1.0"?><!DOCTYPE a [<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]><a>x</a>"#,
            #"<?xml version="1.0"?><!DOCTYPE a SYSTEM "file:///etc/passwd"><a>x</a>"#,
            #"<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "http://127.0.0.1:9/x">]><a>&x;</a>"#,
        ])
    func externalEntities(xml: String) throws {
        let passwd = try String(contentsOfFile: "/etc/passwd", encoding: .utf8)
        #expect(passwd.contains("root:"))
        do {
            let value = try XMLConverter().convert(xml)
            #expect(!value.jsonString().contains("root:"))
        } catch {
            #expect(!error.description.contains("root:"))
        }
    }

    @Test("2,000 random corruptions and truncations of a feed convert or fail cleanly, never trap")
    func corruptions() throws {
        let original = try TestPaths.fixtureData("sitehome.xml", target: "BasicXMLTests")
        var state: UInt64 = 0x5EED
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let specials: [UInt8] = Array("<>&;/=\"'![]?-x \n".utf8) + [0x00, 0xFF, 0xC3, 0xE5]
        var failures = 0
        for round in 0..<2_000 {
            var bytes = [UInt8](original)
            if round % 4 == 0 {
                bytes.removeLast(next() % bytes.count)
            } else {
                for _ in 0..<(1 + next() % 4) {
                    bytes[next() % bytes.count] = specials[next() % specials.count]
                }
            }
            do {
                _ = try XMLConverter().convert(Data(bytes))
                _ = try? Feed(parsing: Data(bytes))
            } catch {
                failures += 1
                #expect(error.line >= 0 && error.column >= 0)
            }
        }
        #expect(failures > 1_000)
    }
}
