import BasicStore
import Foundation

// The child process of BasicStore's reliability tests (not a product):
//
//   store-stress crash DB KEYHEX FIRST
//       Writes batch FIRST, FIRST+1, … forever: each batch sets 10 keys "b<n>-<i>" in "crash" and
//       "last" in "meta" in one transaction, then prints "ack <n>" and flushes. The test kills it.
//   store-stress increment DB KEYHEX COUNT NAME
//       COUNT times, in one transaction: reads "counter", writes it plus one, and marks
//       "<NAME>-<i>" in "marks". Prints "done <NAME>".
//
//   store-stress rekey DB OLD NEW ITERATIONS
//       Opens the store with passphrase OLD and changes it to NEW, then prints "rekeyed". The
//       test kills it part-way.
//
//   store-stress read DB KEYHEX COLLECTION
//       Opens the store read-only and prints each "<key>=<value>" of COLLECTION (string values),
//       sorted by key.
//   store-stress write DB KEYHEX COLLECTION KEY VALUE
//       Opens the store read-write, sets KEY to the string VALUE in COLLECTION, prints "written".
//
// KEYHEX is a raw 32-byte key in hexadecimal, or "none". Errors go to standard error as
// "Error: <message>", with exit status 1.

func hexBytes(_ text: String) -> [UInt8]? {
    let utf8 = Array(text.utf8)
    guard utf8.count == 64 else { return nil }
    return stride(from: 0, to: 64, by: 2).compactMap {
        UInt8(String(decoding: utf8[$0..<($0 + 2)], as: UTF8.self), radix: 16)
    }
}

/// One value of a crash-test batch.
struct Entry: Codable {
    var batch: Int
    var index: Int
    var padding: String
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))  // unbuffered: one write per line
}

let arguments = CommandLine.arguments
guard arguments.count >= 4 else {
    FileHandle.standardError.write(Data("usage: store-stress crash|increment DB KEYHEX …\n".utf8))
    exit(64)
}
if arguments[1] == "rekey", arguments.count == 6 {
    let iterations = Int(arguments[5]) ?? 1_000
    do {
        let store = try KeyValueStore(
            at: URL(fileURLWithPath: arguments[2]), key: .passphrase(arguments[3], iterations: iterations))
        try store.changePassphrase(to: arguments[4], iterations: iterations)
        say("rekeyed")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
        exit(1)
    }
}
let key: StoreKey = arguments[3] == "none" ? .none : hexBytes(arguments[3]).map { .raw($0) } ?? .none

do {
    if arguments[1] == "read", arguments.count == 5 {
        let store = try KeyValueStore(
            at: URL(fileURLWithPath: arguments[2]), key: key, configuration: .init(mode: .readOnly))
        for name in try store.keys(in: arguments[4]) {
            say("\(name)=\(try store.value(String.self, forKey: name, in: arguments[4]) ?? "")")
        }
        exit(0)
    }
    if arguments[1] == "write", arguments.count == 7 {
        let store = try KeyValueStore(at: URL(fileURLWithPath: arguments[2]), key: key)
        try store.set(arguments[6], forKey: arguments[5], in: arguments[4])
        say("written")
        exit(0)
    }
    let store = try KeyValueStore(
        at: URL(fileURLWithPath: arguments[2]), key: key, configuration: .init(busyTimeout: .seconds(30)))
    switch arguments[1] {
    case "crash":
        var batch = Int(arguments.count > 4 ? arguments[4] : "0") ?? 0
        let padding = String(repeating: "x", count: 150)
        while true {
            try store.write { tx in
                for index in 0..<10 {
                    try tx.set(
                        Entry(batch: batch, index: index, padding: padding), forKey: "b\(batch)-\(index)", in: "crash")
                }
                try tx.set(batch, forKey: "last", in: "meta")
            }
            say("ack \(batch)")
            batch += 1
        }
    case "increment":
        let count = Int(arguments[4]) ?? 0
        let name = arguments[5]
        for index in 0..<count {
            try store.write { tx in
                let counter = try tx.value(Int.self, forKey: "counter", in: "shared") ?? 0
                try tx.set(counter + 1, forKey: "counter", in: "shared")
                try tx.set(true, forKey: "\(name)-\(index)", in: "marks")
            }
        }
        say("done \(name)")
    default:
        FileHandle.standardError.write(Data("unknown mode \(arguments[1])\n".utf8))
        exit(64)
    }
} catch {
    FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
    exit(1)
}
