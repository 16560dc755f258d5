import BasicStore
import Foundation
import TestSupport

/// A temporary folder with a store path in it, and keys cheap enough for tests.
struct StoreFixture {
    let folder: TemporaryDirectory
    /// The store file.
    let url: URL
    /// Its path, as the store's messages name it.
    var path: String { url.path }

    /// PBKDF2 iterations for tests: the real default (600,000) costs ~0.15 s per open.
    static let iterations = 1_000

    init(name: String = "test.store") throws {
        folder = try TemporaryDirectory(prefix: "BasicStoreTests")
        url = folder.path(name)
    }

    static func passphrase(_ text: String = "correct horse battery staple") -> StoreKey {
        .passphrase(text, iterations: iterations)
    }

    func open(_ key: StoreKey = StoreFixture.passphrase()) throws -> KeyValueStore {
        try KeyValueStore(at: url, key: key)
    }

    /// The bytes of the store file (and its WAL when present).
    func fileBytes(suffix: String = "") -> Data {
        (try? Data(contentsOf: URL(fileURLWithPath: path + suffix))) ?? Data()
    }
}

/// A small model that round-trips through the store.
struct Article: Codable, Equatable, Sendable {
    var id: Int
    var title: String
    var tags: [String]
}
