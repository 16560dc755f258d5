import BasicCore
import BasicStore
import Foundation

/// One contender of `bsl-bench store`, driven phase by phase so that the suite can interleave
/// the contenders' runs: a burst of load from elsewhere on the machine then hits them alike.
protocol StoreContender: AnyObject {
    var checksum: Int { get }
    /// Deletes the store file and its WAL.
    func removeFiles()
    /// Creates the file and writes every record in one transaction (timed).
    func batchWrite() throws
    /// Adds the ordered collection and opens the connection the reads use (untimed).
    func fill() throws
    /// The random point reads (timed).
    func pointReads() throws
    /// The range reads, each in one transaction (timed).
    func rangeReads() throws
    /// Closes the reads' connection, so that opens are timed with no other connection open.
    func closeReader()
    /// Opens the file and reads one value (timed).
    func openAndRead() throws
}

/// Ours: a `KeyValueStore` with a raw key, or unencrypted.
final class StoreOurs: StoreContender {
    let work: StoreSuite.Work
    let path: String
    let key: StoreKey
    var checksum = 0
    private var reader: KeyValueStore?

    init(_ work: StoreSuite.Work, key: StoreKey, path: String) {
        self.work = work
        self.key = key
        self.path = path
    }

    func removeFiles() { StoreSuite.removeStore(path) }

    func batchWrite() throws {
        let store = try KeyValueStore(at: URL(fileURLWithPath: path), key: key)
        try store.write { tx in
            for (key, record) in zip(work.keys, work.records) { try tx.set(record, forKey: key, in: "bench") }
        }
    }

    func fill() throws {
        let store = try KeyValueStore(at: URL(fileURLWithPath: path), key: key)
        try store.write { tx in
            for record in work.records { try tx.append(record, to: "list") }
        }
        reader = store
    }

    func pointReads() throws {
        guard let reader else { return }
        for index in work.reads {
            checksum &+= try reader.json(forKey: work.keys[index], in: "bench")?.objectValue?.count ?? 0
        }
    }

    func rangeReads() throws {
        guard let reader else { return }
        for offset in work.ranges {
            for item in try reader.jsonItems(in: "list", range: offset..<(offset + work.rangeLength)) {
                checksum &+= item.objectValue?.count ?? 0
            }
        }
    }

    func closeReader() { reader = nil }

    func openAndRead() throws {
        let store = try KeyValueStore(at: URL(fileURLWithPath: path), key: key)
        checksum &+= try store.json(forKey: work.keys[0], in: "bench")?.objectValue?.count ?? 0
    }
}
