import Foundation
import TestSupport
import Testing

/// Runs the built `bsl kv` and checks its output and exit status.
@Suite struct BSLKVCommandTests {
    static let bsl = TestPaths.builtProduct("bsl")

    /// A store file in a folder of its own, and `bsl kv --db FILE --iterations 1000 …` on it.
    struct KV {
        let folder: TemporaryDirectory
        let path: String

        init() throws {
            folder = try TemporaryDirectory(prefix: "BSLKVTests")
            path = folder.path("app.store").path
        }

        func run(
            _ arguments: [String], options: [String] = [], passphrase: String? = "open sesame",
            newPassphrase: String? = nil,
            input: String? = nil
        ) async throws -> ProcessResult {
            try await ProcessRunner.run(
                BSLKVCommandTests.bsl, ["kv", "--db", path, "--iterations", "1000"] + options + arguments,
                input: input.map { Data($0.utf8) },
                environment: ["BSL_PASSPHRASE": passphrase, "BSL_NEW_PASSPHRASE": newPassphrase])
        }
    }

    @Test(
        "set then get: VALUE is JSON when it parses, else a string; get prints strings raw",
        arguments: [
            ("42", "42"), ("true", "true"), (#"{"a":[1,2]}"#, #"{"a":[1,2]}"#), (#""quoted""#, "quoted"),
            ("plain text", "plain text"), ("{not json", "{not json"), ("审帖", "审帖"),
        ])
    func setAndGet(value: String, printed: String) async throws {
        let kv = try KV()
        let set = try await kv.run(["set", "k", value])
        #expect(set.status == 0, "\(set.standardError)")
        #expect(set.standardOutput.isEmpty)
        let get = try await kv.run(["get", "k"])
        #expect(get.status == 0, "\(get.standardError)")
        #expect(get.standardOutput == printed + "\n")
    }

    @Test("collections, keys, count and remove")
    func collections() async throws {
        let kv = try KV()
        for key in ["b", "a", "c"] {
            #expect(try await kv.run(["set", key, "1"], options: ["--collection", "settings"]).status == 0)
        }
        #expect(try await kv.run(["set", "other", "1"]).status == 0)
        #expect(try await kv.run(["keys"], options: ["--collection", "settings"]).standardOutput == "a\nb\nc\n")
        #expect(try await kv.run(["count"], options: ["--collection", "settings"]).standardOutput == "3\n")
        #expect(try await kv.run(["count"]).standardOutput == "1\n")
        #expect(try await kv.run(["remove", "b"], options: ["--collection", "settings"]).status == 0)
        let again = try await kv.run(["remove", "b"], options: ["--collection", "settings"])
        #expect(again.status == 1)
        #expect(again.standardError == "Error: no value for b\n")
        #expect(try await kv.run(["keys"], options: ["--collection=settings"]).standardOutput == "a\nc\n")
    }

    @Test("get of a missing key exits 1 with 'no value for KEY'")
    func missingKey() async throws {
        let kv = try KV()
        _ = try await kv.run(["set", "present", "1"])
        let result = try await kv.run(["get", "absent"])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "Error: no value for absent\n")
    }

    @Test("a wrong passphrase exits 1 with a message that says so")
    func wrongPassphrase() async throws {
        let kv = try KV()
        _ = try await kv.run(["set", "token", "secret-token-value"])
        let result = try await kv.run(["get", "token"], passphrase: "not it")
        #expect(result.status == 1)
        #expect(result.standardError == "Error: wrong passphrase for the store \(kv.path)\n")
        #expect(!result.standardError.contains("secret-token-value"))
    }

    @Test(
        "a store created with a raw key or without encryption says so, not that PBKDF2 needs an iteration",
        arguments: [
            ("5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a", "was created with a raw key"),
            ("none", "is not encrypted"),
        ])
    func storeWithoutPassphrase(keyHex: String, message: String) async throws {
        // Given a store that the stress child created with a raw key, or without encryption,
        let kv = try KV()
        let child = try await ProcessRunner.run(
            TestPaths.builtProduct("store-stress"), ["increment", kv.path, keyHex, "1", "child"])
        #expect(child.status == 0, "\(child.standardError)")
        // when bsl kv opens it with a passphrase,
        let result = try await kv.run(["get", "counter"], options: ["--collection", "shared"])
        // then it fails with a message naming how the store was made.
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("Error: the store \(kv.path) \(message)"), "\(result.standardError)")
        #expect(!result.standardError.contains("iteration"))
    }

    @Test("the passphrase can come from standard input; without one the command says where to put it")
    func passphraseSources() async throws {
        let kv = try KV()
        let set = try await kv.run(["set", "k", "v"], options: ["--passphrase-stdin"], passphrase: nil, input: "pw\n")
        #expect(set.status == 0, "\(set.standardError)")
        let get = try await kv.run(["get", "k"], passphrase: "pw")
        #expect(get.standardOutput == "v\n")
        let none = try await kv.run(["get", "k"], passphrase: nil)
        #expect(none.status == 1)
        #expect(none.standardError == "Error: no passphrase: set BSL_PASSPHRASE, or pass --passphrase-stdin\n")
        let empty = try await kv.run(["get", "k"], options: ["--passphrase-stdin"], passphrase: nil, input: "")
        #expect(empty.status == 1)
        #expect(empty.standardError.contains("standard input"))
    }

    @Test("rekey takes the new passphrase from BSL_NEW_PASSPHRASE or the second line of standard input")
    func rekey() async throws {
        let kv = try KV()
        _ = try await kv.run(["set", "k", #"{"n":1}"#], passphrase: "one")
        let first = try await kv.run(["rekey"], passphrase: "one", newPassphrase: "two")
        #expect(first.status == 0, "\(first.standardError)")
        #expect(try await kv.run(["get", "k"], passphrase: "one").status == 1)
        let second = try await kv.run(
            ["rekey"], options: ["--passphrase-stdin"], passphrase: nil, input: "two\nthree\n")
        #expect(second.status == 0, "\(second.standardError)")
        #expect(try await kv.run(["get", "k"], passphrase: "three").standardOutput == #"{"n":1}"# + "\n")
        let missing = try await kv.run(["rekey"], passphrase: "three")
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("BSL_NEW_PASSPHRASE"))
    }

    @Test("usage errors exit 64: no --db, an unknown option before the command; a missing file exits 1")
    func usage() async throws {
        let noDB = try await ProcessRunner.run(Self.bsl, ["kv", "get", "k"], environment: ["BSL_PASSPHRASE": "x"])
        #expect(noDB.status == 64)
        #expect(noDB.standardError.hasPrefix("Error: missing the option --db <file>"))
        let unknown = try await ProcessRunner.run(Self.bsl, ["kv", "--bogus", "get", "k"])
        #expect(unknown.status == 64)
        let kv = try KV()
        let missing = try await kv.run(["get", "k"])
        #expect(missing.status == 1)
        #expect(missing.standardError == "Error: no store at \(kv.path)\n")
        #expect(!FileManager.default.fileExists(atPath: kv.path))
        let help = try await ProcessRunner.run(Self.bsl, ["kv", "--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("USAGE: bsl kv [--db <file>]"))
        #expect(help.standardOutput.contains("BSL_PASSPHRASE"))
    }
}
