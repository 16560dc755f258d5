import BasicStore
import Foundation
import TestSupport
import Testing

/// Opening a store read-only, and the files that are not a store to read: missing, a folder,
/// empty, truncated. (Read-only folders, full disks and other users: ConfinedStoreTests.)
@Suite struct ReadOnlyStoreTests {
    static let key = StoreKey.raw([UInt8](repeating: 0x33, count: 32))
    static let readOnly = KeyValueStore.Configuration(mode: .readOnly)

    @Test("a read-only store reads everything, sees later commits, and refuses every write naming the file")
    func readsAndRefusesWrites() throws {
        // Given a store with keyed values and an ordered list
        let fixture = try StoreFixture()
        let writer = try fixture.open(Self.key)
        try writer.set("abc123", forKey: "token", in: "settings")
        try writer.append("first", to: "list")
        try writer.append("second", to: "list")

        // When it is opened read-only
        let reader = try KeyValueStore(at: fixture.url, key: Self.key, configuration: Self.readOnly)

        // Then every reading call answers as the writer's would
        #expect(reader.mode == .readOnly)
        #expect(writer.mode == .readWrite)
        #expect(try reader.value(String.self, forKey: "token", in: "settings") == "abc123")
        #expect(try reader.keys(in: "settings") == ["token"])
        #expect(try reader.count(in: "settings") == 1)
        #expect(try reader.contains("token", in: "settings"))
        #expect(try reader.items(String.self, in: "list") == ["first", "second"])
        #expect(try reader.itemCount(in: "list") == 2)
        #expect(try reader.read { try $0.items(String.self, in: "list", range: 1..<2) } == ["second"])

        // And it sees what the writer commits afterwards
        try writer.set("def456", forKey: "token", in: "settings")
        #expect(try reader.value(String.self, forKey: "token", in: "settings") == "def456")

        // And every writing call throws openedReadOnly, changing nothing
        let refused = StoreError.openedReadOnly(path: fixture.path)
        #expect(throws: refused) { try reader.set("x", forKey: "token", in: "settings") }
        #expect(throws: refused) { try reader.remove(forKey: "token", in: "settings") }
        #expect(throws: refused) { try reader.removeAll(in: "settings") }
        #expect(throws: refused) { try reader.append("third", to: "list") }
        #expect(throws: refused) { try reader.insert("zero", at: 0, in: "list") }
        #expect(throws: refused) { try reader.moveItem(from: 0, to: 1, in: "list") }
        #expect(throws: refused) { try reader.removeItem(at: 0, in: "list") }
        #expect(throws: refused) { try reader.removeAll(in: "list") }
        #expect(throws: refused) { try reader.write { try $0.set(1, forKey: "n") } }
        #expect(throws: refused) { try reader.rekey(to: .none) }
        #expect(refused.description.contains(fixture.path))
        #expect(try writer.value(String.self, forKey: "token", in: "settings") == "def456")
        #expect(try writer.items(String.self, in: "list") == ["first", "second"])
    }

    @Test("read-only, a wrong key is still wrongKey")
    func wrongKey() throws {
        let fixture = try StoreFixture()
        _ = try fixture.open(Self.key)
        #expect(throws: StoreError.wrongKey(path: fixture.path)) {
            try KeyValueStore(
                at: fixture.url, key: .raw([UInt8](repeating: 1, count: 32)), configuration: Self.readOnly)
        }
    }

    @Test("read-only, a missing file or a folder cannot be opened, says why, and nothing is created")
    func missingOrFolder() throws {
        let fixture = try StoreFixture()
        let missing = try #require(throws: StoreError.self) {
            try KeyValueStore(at: fixture.url, key: Self.key, configuration: Self.readOnly)
        }
        #expect(missing == .cannotOpen(path: fixture.path, reason: "there is no such file; check the path"))
        #expect(!FileManager.default.fileExists(atPath: fixture.path))
        let folder = fixture.folder.url.path
        for mode in [KeyValueStore.Mode.readOnly, .readWrite] {
            let error = try #require(throws: StoreError.self) {
                try KeyValueStore(at: fixture.folder.url, key: Self.key, configuration: .init(mode: mode))
            }
            #expect(error == .cannotOpen(path: folder, reason: "it is a folder, not a store file; check the path"))
        }
    }

    @Test("an empty (0-byte) file: read-only it is emptyFile and stays empty; read-write starts a store in it")
    func emptyFile() throws {
        // Given a 0-byte file
        let fixture = try StoreFixture()
        try Data().write(to: URL(fileURLWithPath: fixture.path))
        // When it is opened read-only, then it says it is empty, and writes nothing
        #expect(throws: StoreError.emptyFile(path: fixture.path)) {
            try KeyValueStore(at: fixture.url, key: Self.key, configuration: Self.readOnly)
        }
        #expect(fixture.fileBytes().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "-wal"))
        #expect(StoreError.emptyFile(path: fixture.path).description.contains("restore it from a backup"))
        // And opened read-write it becomes a store (what SQLite itself leaves before a first write)
        let store = try fixture.open(Self.key)
        try store.set(1, forKey: "n")
        #expect(try store.value(Int.self, forKey: "n") == 1)
    }

    @Test(
        "an empty file beside a write-ahead log that is not is refused in both modes, and the log is kept",
        arguments: [KeyValueStore.Mode.readOnly, .readWrite])
    func truncatedFile(mode: KeyValueStore.Mode) throws {
        // Given an empty store file beside the write-ahead log of a store with values in it
        let source = try StoreFixture()
        let open = try source.open(Self.key)
        try open.set("kept only in the log", forKey: "k")
        let log = source.fileBytes(suffix: "-wal")
        #expect(!log.isEmpty)
        let fixture = try StoreFixture()
        try Data().write(to: URL(fileURLWithPath: fixture.path))
        try log.write(to: URL(fileURLWithPath: fixture.path + "-wal"))

        // When it is opened
        let error = try #require(throws: StoreError.self) {
            try KeyValueStore(at: fixture.url, key: Self.key, configuration: .init(mode: mode))
        }

        // Then it is not taken for an empty store, and SQLite has not deleted the log
        guard case .notAStoreFile(let path, let reason) = error else {
            Issue.record("expected notAStoreFile, got \(error)")
            return
        }
        #expect(path == fixture.path)
        #expect(reason.contains("\(fixture.path)-wal holds \(log.count) bytes"))
        #expect(fixture.fileBytes(suffix: "-wal") == log)
        #expect(fixture.fileBytes().isEmpty)
    }

    @Test("read-only, an empty SQLite database or another program's is notAStoreFile, and is not changed")
    func foreignDatabases() throws {
        let empty = try StoreFixture()
        RawSQLite.query(empty.path, "PRAGMA journal_mode = WAL")
        let other = try StoreFixture()
        RawSQLite.query(other.path, "CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT)")
        for (fixture, reason) in [(empty, "it is an empty SQLite database"), (other, "another program's")] {
            let before = fixture.fileBytes()
            let error = try #require(throws: StoreError.self) {
                try KeyValueStore(at: fixture.url, key: Self.key, configuration: Self.readOnly)
            }
            guard case .notAStoreFile(fixture.path, let found) = error else {
                Issue.record("expected notAStoreFile, got \(error)")
                continue
            }
            #expect(found.contains(reason), "\(found)")
            #expect(fixture.fileBytes() == before)
        }
    }
}
