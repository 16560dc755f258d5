import BasicCore
import Foundation
import Testing

@Suite struct DecodingTests {
    struct Square: Decodable, Equatable {
        let name: String
        let url: String
    }

    static let document: JSONValue = [
        "square_list": [
            ["id": 28, "name": "审帖", "url": "mod://BDJ_To_Check", "ipad": "", "android": "4.0|"],
            ["id": 29, "name": "排行", "url": "http://example.com/rank"],
        ],
        "broken": [["name": "ok", "url": "x"], ["name": "no url"]],
    ]

    @Test("decodes a model from the value at a path, keeping only the declared fields")
    func decodes() throws {
        let squares = try Self.document.decode([Square].self, at: "square_list")
        #expect(
            squares == [
                Square(name: "审帖", url: "mod://BDJ_To_Check"), Square(name: "排行", url: "http://example.com/rank"),
            ])
        let first = try Self.document.decode(Square.self, at: try JSONKeyPath("square_list[0]"))
        #expect(first.name == "审帖")
        #expect(try Self.document.decode(Int.self, at: "square_list[1].id") == 29)
    }

    @Test("nothing at the path is a noValue error")
    func noValue() throws {
        let error = try #require(throws: KeyPathError.self) {
            try Self.document.decode(Square.self, at: "square_list[9]")
        }
        #expect(error == .noValue(path: "square_list[9]"))
        #expect(error.description == #"no value at "square_list[9]""#)
    }

    @Test("a value that does not fit names the full path of the field that failed")
    func decodingFailure() throws {
        let error = try #require(throws: KeyPathError.self) { try Self.document.decode([Square].self, at: "broken") }
        guard case .decodingFailed(let path, let type, let reason) = error else {
            Issue.record("expected decodingFailed, got \(error)")
            return
        }
        #expect(path == "broken")
        #expect(type == "Array<Square>")
        #expect(reason.contains(#"no key "url" at "broken[1]""#), "\(reason)")

        let mismatch = try #require(throws: KeyPathError.self) {
            try Self.document.decode(Int.self, at: "square_list[0].name")
        }
        #expect(mismatch.description.contains(#"at "square_list[0].name""#), "\(mismatch)")
    }

    /// A model whose own decoding refuses a value with an error of its own.
    struct Even: Decodable {
        struct Odd: Error, CustomStringConvertible {
            let value: Int
            var description: String { "\(value) is odd" }
        }
        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer().decode(Int.self)
            guard value.isMultiple(of: 2) else { throw Odd(value: value) }
        }
    }

    @Test("a model's own error becomes decodingFailed with the model's words, so decode throws only KeyPathError")
    func modelsOwnError() throws {
        #expect(throws: Never.self) { try Self.document.decode(Even.self, at: "square_list[0].id") }
        let odd = try #require(throws: KeyPathError.self) {
            try Self.document.decode(Even.self, at: "square_list[1].id")
        }
        #expect(odd == .decodingFailed(path: "square_list[1].id", type: "Even", reason: "29 is odd"))
    }
}
