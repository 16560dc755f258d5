import BasicStore
import Foundation
import TestSupport
import Testing

/// A store read in a read-only folder, on a full disk, and by a user who may not read it: each
/// through the `store-stress` child, run in a private mount namespace or as uid 65534.
@Suite struct ConfinedStoreTests {
    static let stress = TestPaths.builtProduct("store-stress")
    static let keyBytes = [UInt8](repeating: 0x44, count: 32)
    static let keyHex = keyBytes.map { String(format: "%02x", $0) }.joined()

    /// A store at `path` holding a=1 and b=2 in "c". While the answer is kept, its -wal and -shm
    /// stay beside it; once it goes, the file is closed cleanly (no log left).
    static func makeStore(at path: String) throws -> KeyValueStore {
        let store = try KeyValueStore(at: URL(fileURLWithPath: path), key: .raw(keyBytes))
        try store.set("1", forKey: "a", in: "c")
        try store.set("2", forKey: "b", in: "c")
        return store
    }

    static func read(_ path: String) -> [String] { [stress.path, "read", path, keyHex, "c"] }
    static func write(_ path: String, _ key: String, _ value: String) -> [String] {
        [stress.path, "write", path, keyHex, "c", key, value]
    }

    @Test("in a read-only folder a store reads, clean or with its log left by a crash; a write fails naming the file")
    func readOnlyFolder() async throws {
        try await Confinement.requireMountNamespace()
        // Given, in a folder whose name needs escaping in a URI, a cleanly closed store, a copy
        // of an open store's three files (as a crash leaves them), and a copy without the -shm
        let directory = try TemporaryDirectory()
        let folder = directory.path("a b?c#d%e é")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let clean = folder.appendingPathComponent("clean.store").path
        _ = try Self.makeStore(at: clean)
        let crashed = folder.appendingPathComponent("crashed.store").path
        let noIndex = folder.appendingPathComponent("noindex.store").path
        let source = directory.path("source.store").path
        let open = try Self.makeStore(at: source)
        try open.set("only in the log", forKey: "z", in: "c")
        for suffix in ["", "-wal", "-shm"] {
            try FileManager.default.copyItem(atPath: source + suffix, toPath: crashed + suffix)
            if suffix != "-shm" { try FileManager.default.copyItem(atPath: source + suffix, toPath: noIndex + suffix) }
        }
        let mount = Confinement.quoted(folder.path)

        // When the folder is mounted read-only and each store is read, and written
        let steps = try await Confinement.inMountNamespace(
            setup: "mount --bind \(mount) \(mount) && mount -o remount,bind,ro \(mount)",
            steps: [
                Self.read(clean), Self.read(crashed), Self.read(noIndex), Self.write(clean, "n", "new"),
                Self.write(crashed, "n", "new"),
            ])

        // Then the clean store and the crashed one read in full, the log's value too
        #expect(steps[0].status == 0, "\(steps[0].standardError)")
        #expect(steps[0].standardOutput == "a=1\nb=2\n")
        #expect(steps[1].status == 0, "\(steps[1].standardError)")
        #expect(steps[1].standardOutput == "a=1\nb=2\nz=only in the log\n")
        // And a log that cannot be read without its index is an error saying so, not a store without it
        #expect(steps[2].status == 1)
        #expect(steps[2].standardError.hasPrefix("Error: cannot open the store \(noIndex): its write-ahead log"))
        #expect(steps[2].standardOutput.isEmpty)
        // And writing fails in one line naming the file and that it is read-only
        for step in steps[3...4] {
            #expect(step.status == 1)
            #expect(step.standardError.hasPrefix("Error: cannot write "), "\(step.standardError)")
            #expect(step.standardError.contains("read-only"), "\(step.standardError)")
            #expect(step.standardError.contains("clean.store") || step.standardError.contains("crashed.store"))
        }
        #expect(
            try KeyValueStore(at: URL(fileURLWithPath: clean), key: .raw(Self.keyBytes)).keys(in: "c") == ["a", "b"])
    }

    @Test("on a full disk a store reads; a write fails as diskFull, loses nothing, and succeeds once space is freed")
    func fullDisk() async throws {
        try await Confinement.requireMountNamespace()
        // Given a cleanly closed store and an open store's three files, copied to a small tmpfs
        // that is then filled up
        let directory = try TemporaryDirectory()
        let clean = directory.path("clean.store").path
        _ = try Self.makeStore(at: clean)
        let source = directory.path("source.store").path
        let open = try Self.makeStore(at: source)
        try open.set("only in the log", forKey: "z", in: "c")
        let disk = directory.path("disk").path
        var setup = [
            "mkdir \(Confinement.quoted(disk))", "mount -t tmpfs -o size=1m tmpfs \(Confinement.quoted(disk))",
        ]
        setup.append("cp \(Confinement.quoted(clean)) \(Confinement.quoted(disk + "/clean.store"))")
        for suffix in ["", "-wal", "-shm"] {
            setup.append(
                "cp \(Confinement.quoted(source + suffix)) \(Confinement.quoted(disk + "/crashed.store" + suffix))")
        }
        setup.append("(dd if=/dev/zero of=\(Confinement.quoted(disk + "/filler")) bs=4k 2>/dev/null || true)")
        let (full, crashed) = (disk + "/clean.store", disk + "/crashed.store")

        // When it is read and written, then the filler is removed and it is written again
        let steps = try await Confinement.inMountNamespace(
            setup: setup.joined(separator: " && "),
            steps: [
                Self.read(full), Self.write(full, "n", String(repeating: "x", count: 4096)), Self.read(full),
                Self.read(crashed), ["/bin/rm", disk + "/filler"], Self.write(full, "n", "new"), Self.read(full),
            ])

        // Then it reads on the full disk, before and after the failed write
        #expect(steps[0].status == 0, "\(steps[0].standardError)")
        #expect(steps[0].standardOutput == "a=1\nb=2\n")
        #expect(steps[1].status == 1)
        #expect(
            steps[1].standardError.hasPrefix("Error: the disk is full writing \(full); nothing of the failed write"),
            "\(steps[1].standardError)")
        #expect(steps[2].standardOutput == "a=1\nb=2\n", "\(steps[2].standardError)")
        #expect(steps[3].standardOutput == "a=1\nb=2\nz=only in the log\n", "\(steps[3].standardError)")
        // And with space again the write goes through, beside everything that was there
        #expect(steps[5].status == 0, "\(steps[5].standardError)")
        #expect(steps[6].standardOutput == "a=1\nb=2\nn=new\n", "\(steps[6].standardError)")
    }

    @Test("a store another user may not read, or whose folder they may not enter: cannotOpen naming the file")
    func otherUser() async throws {
        try await Confinement.requireOtherUser()
        // Given a store made by root, mode 600, in a folder anyone may enter, and one in an owner-only folder
        let directory = try TemporaryDirectory()
        let store = directory.path("root.store").path
        _ = try Self.makeStore(at: store)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: store)
        let closed = directory.path("closed")
        try FileManager.default.createDirectory(at: closed, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: closed.path)
        let hidden = closed.appendingPathComponent("hidden.store").path
        _ = try Self.makeStore(at: hidden)

        // When another user reads and writes them
        let reads = [
            try await Confinement.asNobody(Self.stress, Array(Self.read(store).dropFirst())),
            try await Confinement.asNobody(Self.stress, Array(Self.write(store, "n", "v").dropFirst())),
        ]
        let enter = try await Confinement.asNobody(Self.stress, Array(Self.read(hidden).dropFirst()))

        // Then each fails in one line naming the file and the reason
        for result in reads {
            #expect(result.status == 1)
            #expect(
                result.standardError
                    == "Error: cannot open the store \(store): permission denied (it belongs to uid 0, mode 600); "
                    + "run as the user who owns it, or give a path of your own\n")
        }
        #expect(enter.status == 1)
        #expect(
            enter.standardError.hasPrefix(
                "Error: cannot open the store \(hidden): permission denied (its folder \(closed.path) cannot be entered"
            ),
            "\(enter.standardError)")
    }
}
