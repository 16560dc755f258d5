import BasicCore
import Foundation
import TestSupport
import Testing

/// Runs the built `bsl` and checks its output and exit status.
@Suite struct BSLJSONCommandTests {
    static let bsl = TestPaths.builtProduct("bsl")
    static let sample = TestPaths.packageRoot.appendingPathComponent("Samples/json/square.json").path

    func bsl(_ arguments: String..., input: String? = nil) async throws -> ProcessResult {
        try await ProcessRunner.run(Self.bsl, arguments, input: input.map { Data($0.utf8) })
    }

    @Test(
        "json get prints strings raw and everything else as compact JSON",
        arguments: [
            ("square_list[0].name", "审帖"),
            ("square_list[-1].name", "更多"),
            ("info", #"{"count":10,"np":null}"#),
            ("info.np", "null"),
            ("info.count", "10"),
            ("tag_list[1].theme_id", "124"),
            ("square_list[2].url", "http://m.budejie.com/game?from=app&amp;type=1"),
        ])
    func get(path: String, expected: String) async throws {
        let result = try await bsl("json", "get", path, Self.sample)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == expected + "\n")
        #expect(result.standardError.isEmpty)
    }

    @Test("json get reads standard input when FILE is '-' or absent, and pretty-prints on request")
    func getFromStandardInput() async throws {
        let input = #"{"a":{"b":[1,{"c":"d"}]}}"#
        let dash = try await bsl("json", "get", "a.b[1]", "-", input: input)
        #expect(dash.standardOutput == #"{"c":"d"}"# + "\n")
        let absent = try await bsl("json", "get", "a.b", "--pretty", input: input)
        #expect(absent.status == 0)
        #expect(absent.standardOutput == "[\n  1,\n  {\n    \"c\": \"d\"\n  }\n]\n")
    }

    @Test("json get exits 1 with 'no value at PATH' when nothing is there")
    func getMissing() async throws {
        let result = try await bsl("json", "get", "square_list[99].name", Self.sample)
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "Error: no value at square_list[99].name\n")
    }

    @Test("json get exits 64 with the column for a malformed path, and a usage line")
    func getMalformedPath() async throws {
        let result = try await bsl("json", "get", "a..b", Self.sample)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: malformed key path \"a..b\" at column 3"))
        #expect(result.standardError.contains("Usage: bsl json get <path> [<file>] [--pretty]"))
    }

    @Test("json get exits 1 naming the file for invalid JSON or a missing file")
    func getBadInput() async throws {
        let invalid = try await bsl("json", "get", "a", input: "{\"a\":}")
        #expect(invalid.status == 1)
        #expect(
            invalid.standardError
                == "Error: standard input: invalid JSON at line 1, column 6: unexpected '}'; expected a value\n")
        let missing = try await bsl("json", "get", "a", "/nonexistent/file.json")
        #expect(missing.status == 1)
        #expect(missing.standardError == "Error: cannot read /nonexistent/file.json: no such file\n")
    }

    @Test(
        "json set prints the whole document with the value set, parsing VALUE as JSON when it is JSON",
        arguments: [
            ("a.b", "42", #"{"a":{"b":42},"keep":[1]}"#),
            ("a.b", "true", #"{"a":{"b":true},"keep":[1]}"#),
            ("a.b", #"{"x":[null]}"#, #"{"a":{"b":{"x":[null]}},"keep":[1]}"#),
            ("a.b", "plain text", #"{"a":{"b":"plain text"},"keep":[1]}"#),
            ("a.b", #""quoted""#, #"{"a":{"b":"quoted"},"keep":[1]}"#),
            ("keep[3]", "-1.5", #"{"a":null,"keep":[1,null,null,-1.5]}"#),
            ("keep[-1]", "2", #"{"a":null,"keep":[2]}"#),
            (#"["new.key"]"#, "x", #"{"a":null,"keep":[1],"new.key":"x"}"#),
        ])
    func set(path: String, value: String, expected: String) async throws {
        let result = try await bsl("json", "set", path, value, input: #"{"a":null,"keep":[1]}"#)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == expected + "\n")
    }

    @Test("json set through a scalar exits 1 naming the step")
    func setThroughScalar() async throws {
        let result = try await bsl("json", "set", "info.count.x", "1", Self.sample)
        #expect(result.status == 1)
        #expect(
            result.standardError.hasPrefix(
                #"Error: cannot set "info.count.x": "info.count" holds a number, not an object"#))
    }

    @Test("json set with a path of 26,187 keys exits 64 with the step limit instead of crashing")
    func setLongPath() async throws {
        let path = Array(repeating: "a", count: 26_187).joined(separator: ".")
        let result = try await bsl("json", "set", path, "1", input: "{}")
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.contains("has 26187 steps, more than 512"), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").first.map { $0.count < 400 } == true)
    }

    @Test("json set exits 1 when the steps together would pad too many nulls")
    func setTooMuchPadding() async throws {
        let result = try await bsl("json", "set", String(repeating: "[100000]", count: 500), "1", input: "[]")
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("nulls in all, more than 1000000"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("json keeps keys that differ only in Unicode normalisation, and finds only the spelling asked for")
    func keysByScalars() async throws {
        let both = try await bsl("json", "get", "", input: #"{"é": 1, "e\u0301": 2}"#)
        #expect(both.standardOutput == "{\"\u{E9}\":1,\"e\u{301}\":2}\n")
        let other = try await bsl("json", "get", "['\u{FC}']", input: "{\"u\u{308}\": 1}")
        #expect(other.status == 1)
        #expect(other.standardError.contains("no value at"))
        let same = try await bsl("json", "get", "['u\u{308}']", input: "{\"u\u{308}\": 1}")
        #expect(same.standardOutput == "1\n")
    }

    @Test("help, version and usage errors follow the exit-status convention")
    func helpAndUsage() async throws {
        let help = try await bsl("--help")
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("USAGE: bsl <command>"))
        #expect(help.standardOutput.contains("json"))

        let getHelp = try await bsl("json", "get", "--help")
        #expect(getHelp.status == 0)
        #expect(getHelp.standardOutput.contains("USAGE: bsl json get <path> [<file>] [--pretty]"))
        #expect(getHelp.standardOutput.contains("<file>"))

        let version = try await bsl("--version")
        #expect(version.status == 0)
        #expect(version.standardOutput.hasPrefix("bsl "))

        for (arguments, message) in [
            (["json", "get"], "Error: missing argument <path>"),
            (["json", "get", "a", "f", "extra"], "Error: unexpected argument 'extra'"),
            (["json", "get", "a", "--colour"], "Error: unknown option '--colour'"),
            (["json", "frob"], "Error: unknown command 'frob'"),
            (["frob"], "Error: unknown command 'frob'"),
        ] {
            let result = try await ProcessRunner.run(Self.bsl, arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.standardError.hasPrefix(message), "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains("Usage: "), "\(arguments)")
        }
    }
}
