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

    // MARK: - Files that cannot be written or read

    @Test("get, keys and count of a 0-byte file say it is empty and change nothing; set starts a store in it")
    func emptyFile() async throws {
        // Given a 0-byte file where a store should be
        let kv = try KV()
        try Data().write(to: URL(fileURLWithPath: kv.path))
        // When it is read, then each read says what the file is and what to do, and writes nothing
        for arguments in [["get", "k"], ["keys"], ["count"]] {
            let result = try await kv.run(arguments)
            #expect(result.status == 1)
            #expect(
                result.standardError.hasPrefix("Error: the store \(kv.path) is empty (0 bytes)"),
                "\(result.standardError)")
            #expect(result.standardOutput.isEmpty)
            let size = try FileManager.default.attributesOfItem(atPath: kv.path)[.size] as? Int
            #expect(size == 0)
        }
        // And set, which writes, makes a store in it (a 0-byte file holds nothing to lose)
        #expect(try await kv.run(["set", "k", "1"]).status == 0)
        #expect(try await kv.run(["get", "k"]).standardOutput == "1\n")
    }

    @Test("a store another user cannot read: the error names the file and says permission is denied")
    func unreadableFile() async throws {
        try await Confinement.requireOtherUser()
        // Given a store made by root (mode 600) in a folder anyone may enter
        let kv = try KV()
        #expect(try await kv.run(["set", "k", "1"]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: kv.path)
        // When another user reads it
        let result = try await Confinement.asNobody(
            Self.bsl, ["kv", "--db", kv.path, "--iterations", "1000", "get", "k"],
            environment: ["BSL_PASSPHRASE": "open sesame"])
        // Then the one-line error names the file and the reason, not an SQLite code
        #expect(result.status == 1)
        #expect(
            result.standardError.hasPrefix("Error: cannot open the store \(kv.path): permission denied"),
            "\(result.standardError)")
        #expect(!result.standardError.contains("SQLite error"))
    }

    @Test("in a read-only folder get, keys and count work; set fails naming the file; on a full disk too")
    func readOnlyAndFullDisk() async throws {
        try await Confinement.requireMountNamespace()
        // Given a store with two values, and a copy of it on a small tmpfs that is then filled up
        let kv = try KV()
        #expect(try await kv.run(["set", "a", "1"]).status == 0)
        #expect(try await kv.run(["set", "b", #"{"n":2}"#]).status == 0)
        let folder = Confinement.quoted(kv.folder.url.path)
        let disk = kv.folder.path("disk").path
        let copy = disk + "/app.store"
        // The tmpfs goes on top of the read-only folder: a bind mount does not carry the mounts inside it.
        let setup = [
            "mkdir \(Confinement.quoted(disk))", "mount --bind \(folder) \(folder)",
            "mount -o remount,bind,ro \(folder)",
            "mount -t tmpfs -o size=1m tmpfs \(Confinement.quoted(disk))",
            "cp \(Confinement.quoted(kv.path)) \(Confinement.quoted(copy))",
            "(dd if=/dev/zero of=\(Confinement.quoted(disk + "/filler")) bs=4k 2>/dev/null || true)",
        ].joined(separator: " && ")
        func kvLine(_ path: String, _ arguments: [String]) -> [String] {
            [Self.bsl.path, "kv", "--db", path, "--iterations", "1000"] + arguments
        }

        // When each command runs on the read-only folder and on the full disk
        let results = try await Confinement.inMountNamespace(
            setup: setup,
            steps: [
                kvLine(kv.path, ["get", "b"]), kvLine(kv.path, ["keys"]), kvLine(kv.path, ["count"]),
                kvLine(kv.path, ["set", "c", "3"]),
                kvLine(copy, ["get", "b"]), kvLine(copy, ["keys"]), kvLine(copy, ["set", "c", "3"]),
                kvLine(copy, ["keys"]),
            ],
            environment: ["BSL_PASSPHRASE": "open sesame"])

        // Then the reads work in both places
        for index in [0, 4] {
            #expect(results[index].status == 0, "\(results[index].standardError)")
            #expect(results[index].standardOutput == #"{"n":2}"# + "\n")
        }
        #expect(results[1].standardOutput == "a\nb\n", "\(results[1].standardError)")
        #expect(results[2].standardOutput == "2\n", "\(results[2].standardError)")
        #expect(results[5].standardOutput == "a\nb\n", "\(results[5].standardError)")
        // And the writes fail in one line naming the file and why
        #expect(results[3].status == 1)
        #expect(results[3].standardError.hasPrefix("Error: cannot write \(kv.path): "), "\(results[3].standardError)")
        #expect(results[3].standardError.contains("read-only"), "\(results[3].standardError)")
        #expect(results[6].status == 1)
        #expect(results[6].standardError.contains("the disk is full writing \(copy)"), "\(results[6].standardError)")
        // And the failed write lost nothing
        #expect(results[7].standardOutput == "a\nb\n", "\(results[7].standardError)")
        #expect(try await kv.run(["keys"]).standardOutput == "a\nb\n")
    }
}

/// The store options are declared once, on `bsl kv`, and work on either side of the command's name.
@Suite struct BSLKVOptionPlacementTests {
    @Test("bsl kv --db FILE get KEY and bsl kv get KEY --db FILE both work; kv get --help lists --db")
    func placement() async throws {
        let folder = try TemporaryDirectory(prefix: "BSLKVTests")
        let path = folder.path("app.store").path
        let environment: [String: String?] = ["BSL_PASSPHRASE": "open sesame"]
        let set = try await ProcessRunner.run(
            BSLKVCommandTests.bsl, ["kv", "set", "token", "abc", "--iterations", "1000", "--db", path],
            environment: environment)
        #expect(set.status == 0, "\(set.standardError)")
        let before = try await ProcessRunner.run(
            BSLKVCommandTests.bsl, ["kv", "--db", path, "--iterations", "1000", "get", "token"],
            environment: environment)
        #expect(before.standardOutput == "abc\n", "\(before.standardError)")
        let after = try await ProcessRunner.run(
            BSLKVCommandTests.bsl, ["kv", "get", "token", "--db", path, "--iterations=1000"], environment: environment)
        #expect(after.standardOutput == "abc\n", "\(after.standardError)")
        let help = try await ProcessRunner.run(BSLKVCommandTests.bsl, ["kv", "get", "--help"])
        #expect(help.standardOutput.contains("STORE OPTIONS:"))
        #expect(help.standardOutput.contains("--db <file>"))
        #expect(help.standardOutput.contains("USAGE: bsl kv get <key> [--db <file>]"))
    }
}
