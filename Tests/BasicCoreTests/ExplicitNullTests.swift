import BasicCore
import Foundation
import Testing

@Suite struct ExplicitNullTests {
    struct Model: Codable, Hashable, Sendable {
        var name: String
        @ExplicitNull var avatar: URL?
        @ExplicitNull var count: Int?
        var plain: Int?
    }

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("nil is written as \"key\":null, where a plain optional leaves its key out")
    func nilIsNull() throws {
        let json = try Self.json(Model(name: "n", avatar: nil, count: nil, plain: nil))
        #expect(json == #"{"avatar":null,"count":null,"name":"n"}"#)
    }

    @Test("a value is written as the plain optional would write it")
    func valueAsPlain() throws {
        let json = try Self.json(Model(name: "n", avatar: URL(string: "https://h.test/a.png"), count: 3, plain: 4))
        #expect(json == #"{"avatar":"https://h.test/a.png","count":3,"name":"n","plain":4}"#)
    }

    @Test(
        "encoding then decoding gives the value back, nil or not",
        arguments: [
            Model(name: "n", avatar: nil, count: nil, plain: nil),
            Model(name: "n", avatar: URL(string: "https://h.test/a.png"), count: 0, plain: 1),
        ])
    func roundTrip(model: Model) throws {
        let decoded = try JSONDecoder().decode(Model.self, from: try JSONEncoder().encode(model))
        #expect(decoded == model)
    }

    @Test(
        "a missing key or null decodes as nil, as for a plain optional",
        arguments: [#"{"name":"n"}"#, #"{"name":"n","avatar":null,"count":null}"#])
    func missingOrNull(text: String) throws {
        let decoded = try JSONDecoder().decode(Model.self, from: Data(text.utf8))
        #expect(decoded == Model(name: "n", avatar: nil, count: nil, plain: nil))
    }

    @Test("a value of the wrong type is a decoding error, not nil")
    func wrongType() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Model.self, from: Data(#"{"name":"n","count":"three"}"#.utf8))
        }
    }

    @Test("the wrapper compares and hashes as its value")
    func hashable() {
        #expect(ExplicitNull(wrappedValue: 1) == ExplicitNull(wrappedValue: 1))
        #expect(ExplicitNull<Int>(wrappedValue: nil) != ExplicitNull(wrappedValue: 0))
        #expect(Set([ExplicitNull(wrappedValue: 1), ExplicitNull(wrappedValue: 1)]).count == 1)
    }
}
