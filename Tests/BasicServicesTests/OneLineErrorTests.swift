import BasicServices
import Foundation
import Testing

/// An error whose description must stay one line: what it was made from, and the escape of the
/// hostile value its description must show (nil when the value is not part of the message).
struct HostileError: Sendable, CustomTestStringConvertible {
    let name: String
    let shows: String?
    let make: @Sendable () throws -> (any Error)?

    init(_ name: String, shows: String? = nil, _ make: @escaping @Sendable () throws -> (any Error)?) {
        self.name = name
        self.shows = shows
        self.make = make
    }

    var testDescription: String { name }

    /// The error `body` throws, or nil when it throws none.
    static func thrown(_ body: () throws -> Void) -> (any Error)? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }
}

/// Every error of ours describes itself in one line, with the control characters of the input
/// shown as escapes (`\n`, `\u{1B}`): a value from a document, a URL or a command line can
/// neither break the line nor drive the terminal the message is printed on.
@Suite struct OneLineErrorTests {
    static let cases: [HostileError] = [
        HostileError("XML: ESC in an element name") {
            HostileError.thrown { _ = try XMLConverter().convert("<a\u{1B}b>x</a\u{1B}b>") }
        },
        HostileError("XML: a newline in a closing tag") {
            HostileError.thrown { _ = try XMLConverter().convert("<a>x</a\nb>") }
        },
        HostileError("XML: an undefined entity with ESC") {
            HostileError.thrown { _ = try XMLConverter().convert("<a>&x\u{1B};</a>") }
        },
        HostileError("XML: a feed whose root holds a newline and ESC") {
            HostileError.thrown { _ = try Feed(parsing: Data("<r\u{1B}\n><x/></r\u{1B}\n>".utf8)) }
        },
        HostileError("XML: truncated inside a name") {
            HostileError.thrown { _ = try XMLConverter().convert("<a\n\u{1B}") }
        },
        HostileError("JSON: ESC in a string") {
            HostileError.thrown { _ = try JSONValue(parsing: "{\"a\u{1B}[2J\": 1}") }
        },
        HostileError("key path: a newline and ESC in a malformed path", shows: "a\\n\\u{1B}[2J") {
            HostileError.thrown { _ = try JSONKeyPath("a\n\u{1B}[2J[") }
        },
        HostileError("key path: decoding a missing key named with ESC", shows: "\\u{1B}]0;title\\u{7}") {
            HostileError.thrown { _ = try JSONValue.object([:]).decode(Int.self, at: "['\u{1B}]0;title\u{7}']") }
        },
        HostileError("key path: setting through a string, with U+2028 in the key", shows: "\\u{2028}") {
            HostileError.thrown {
                var value = JSONValue.object(["a\u{2028}b": "text"])
                try value.set(1, at: "['a\u{2028}b'].c")
            }
        },
        HostileError("money: an amount with a newline and ESC", shows: "12\\n\\u{1B}[31m") {
            HostileError.thrown { _ = try Money.parse("12\n\u{1B}[31m") }
        },
        HostileError("time: a time with a carriage return", shows: "1700000000\\r") {
            HostileError.thrown { _ = try TimeParser(timeZone: .gmt).date(from: "1700000000\r") }
        },
        HostileError("time: a time zone with ESC and a bidi override", shows: "Asia/\\u{1B}\\u{202E}x") {
            HostileError.thrown { _ = try TimeParser.timeZone(named: "Asia/\u{1B}\u{202E}x") }
        },
        HostileError("route: a URL with ESC", shows: "\\u{1B}") {
            HostileError.thrown { _ = try Router<String>().route("mod://a\u{1B}[2Jb/c") }
        },
        HostileError("route: a pattern with a newline", shows: "\\n") {
            HostileError.thrown {
                var router = Router<String>()
                try router.register("mod://a\n/:x/:x") { _ in "" }
            }
        },
        HostileError("store: a file in a folder named with a newline and ESC", shows: "a\\nb\\u{1B}c") {
            HostileError.thrown {
                let folder = FileManager.default.temporaryDirectory
                    .appendingPathComponent("one-line-errors-\(UUID().uuidString)/a\nb\u{1B}c")
                _ = try KeyValueStore(at: folder.appendingPathComponent("store.sqlite"), key: .none)
            }
        },
        HostileError("network: a server's message over several lines", shows: "line one\\nline two\\u{1B}[31m") {
            NetworkError.server(url: "https://example.com/", code: 1, message: "line one\nline two\u{1B}[31m")
        },
        HostileError("network: an error body with a NEL and a DEL", shows: "\\u{85}\\u{7F}") {
            NetworkError.httpStatus(url: "https://example.com/", status: 500, bodyExcerpt: "a\u{85}\u{7F}b")
        },
        HostileError("network: a chain step whose error is hostile", shows: "\\u{1B}") {
            NetworkError.chainStepFailed(
                index: 1, error: .decodingFailed(url: "u", keyPath: "k\u{1B}", reason: "r\n", bodyExcerpt: ""))
        },
    ]

    @Test("every error of ours is one line, its input's control characters escaped", arguments: cases)
    func oneLine(_ hostile: HostileError) throws {
        let error = try #require(try hostile.make(), "\(hostile.name): nothing was thrown")
        let text = String(describing: error)
        #expect(!text.isEmpty)
        let raw = text.unicodeScalars.filter {
            $0.properties.generalCategory == .control || (0x2028...0x202E).contains($0.value)
                || (0x2066...0x2069).contains($0.value)
        }
        #expect(raw.isEmpty, "\(hostile.name): \(text.debugDescription) holds raw control characters")
        if let shows = hostile.shows {
            #expect(text.contains(shows), "\(hostile.name): \(text.debugDescription) does not show \(shows)")
        }
    }

    @Test("an error with nothing to escape reads as it always did")
    func plainErrorsUnchanged() {
        #expect(
            Money.parseErrorDescription("12x")
                == "'12x' is not an amount; write digits with an optional sign and decimal point, such as -1234.5")
        let error = NetworkError.server(url: "https://example.com/", code: 7, message: "busy")
        #expect(error.description == "https://example.com/ reported error 7: busy")
    }
}

extension Money {
    /// The description of the error `parse(text)` throws, or "" when it throws none.
    fileprivate static func parseErrorDescription(_ text: String) -> String {
        HostileError.thrown { _ = try Money.parse(text) }.map { String(describing: $0) } ?? ""
    }
}
