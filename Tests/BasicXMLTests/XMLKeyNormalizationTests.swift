import BasicCore
import BasicXML
import Foundation
import Testing

/// Issue 12, defect 4: element and attribute names that differ only in Unicode normalisation are
/// different XML names, so they become different keys rather than one key holding both values.
@Suite struct XMLKeyNormalizationTests {
    /// `é` as one scalar and as `e` plus a combining acute accent.
    static let composed = "\u{E9}"
    static let decomposed = "e\u{301}"

    @Test("two elements spelled é and e + U+0301 stay two keys, not one array")
    func elements() throws {
        let xml = "<a><\(Self.composed)>1</\(Self.composed)><\(Self.decomposed)>2</\(Self.decomposed)></a>"
        let object = try #require(try XMLConverter().convert(xml).objectValue)
        #expect(object.keys == ["__name", Self.composed, Self.decomposed])
        #expect(object[Self.composed] == "1")
        #expect(object[Self.decomposed] == "2")
    }

    @Test("a repeated name still groups into an array when the spellings match")
    func repeatedSpelling() throws {
        let xml = "<a><\(Self.decomposed)>1</\(Self.decomposed)><x/><\(Self.decomposed)>2</\(Self.decomposed)></a>"
        let object = try #require(try XMLConverter().convert(xml).objectValue)
        #expect(object[Self.decomposed] == ["1", "2"])
        #expect(object[Self.composed] == nil)
    }

    @Test("two attributes spelled differently keep both values, on their own and beside a child")
    func attributes() throws {
        let xml = "<a><b \(Self.composed)=\"1\" \(Self.decomposed)=\"2\"><c>x</c></b></a>"
        let b = try #require(try XMLConverter().convert(xml)["b"]?.objectValue)
        #expect(b["_" + Self.composed] == "1")
        #expect(b["_" + Self.decomposed] == "2")
        #expect(b.count == 3)
    }

    @Test("an element and an attribute key that collide only in normalisation are different keys")
    func elementBesideAttribute() throws {
        var configuration = XMLConverter.Configuration()
        configuration.attributePrefix = ""
        let xml = "<a><b \(Self.composed)=\"attribute\"><\(Self.decomposed)>element</\(Self.decomposed)></b></a>"
        let b = try #require(try XMLConverter(configuration: configuration).convert(xml)["b"]?.objectValue)
        #expect(b[Self.composed] == "attribute")
        #expect(b[Self.decomposed] == "element")
    }
}
