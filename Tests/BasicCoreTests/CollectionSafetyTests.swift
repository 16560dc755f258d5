import BasicCore
import Testing

@Suite struct CollectionSafetyTests {
    @Test("safe subscripts return nil out of bounds instead of trapping")
    func safeSubscript() {
        let titles = ["a", "b"]
        #expect(titles[safe: 0] == "a")
        #expect(titles[safe: 1] == "b")
        #expect(titles[safe: 2] == nil)
        #expect(titles[safe: -1] == nil)
        let text = "hé"
        #expect(text[safe: text.startIndex] == "h")
        #expect(text[safe: text.endIndex] == nil)
        #expect([Int]()[safe: 0] == nil)
    }

    @Test("isNilOrEmpty covers nil, empty and non-empty strings, arrays and dictionaries")
    func nilOrEmpty() {
        #expect((nil as String?).isNilOrEmpty)
        #expect(("" as String?).isNilOrEmpty)
        #expect(!(" " as String?).isNilOrEmpty)
        #expect((nil as [Int]?).isNilOrEmpty)
        #expect(([] as [Int]?).isNilOrEmpty)
        #expect(!([1] as [Int]?).isNilOrEmpty)
        #expect(([:] as [String: Int]?).isNilOrEmpty)
        #expect(!(["a": 1] as [String: Int]?).isNilOrEmpty)
    }

    @Test("isNilOrBlank also treats whitespace-only text as empty")
    func nilOrBlank() {
        #expect((nil as String?).isNilOrBlank)
        #expect((" \n\t" as String?).isNilOrBlank)
        #expect(("\u{3000}" as String?).isNilOrBlank)
        #expect(!(" x " as String?).isNilOrBlank)
    }
}
