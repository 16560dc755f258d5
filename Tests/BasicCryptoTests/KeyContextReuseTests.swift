import BasicCrypto
import Foundation
import Testing

/// A key's cipher contexts are set up once and reused for every seal and open: what one value
/// leaves in a context must never reach the next, whatever order seals, opens and failed opens
/// come in, and on however many threads.
@Suite struct KeyContextReuseTests {
    @Test("seals and opens of every length, in turn with failed opens, all with one key")
    func alternatingUse() throws {
        let key = try CipherKey.random()
        let other = try CipherKey.random()
        var boxes: [(AESGCM.SealedBox, [UInt8], [UInt8])] = []
        for length in 0..<70 {
            let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ length) }
            let ad = length % 3 == 0 ? [] : Array("row \(length)".utf8)
            let box = try AESGCM.seal(message, using: key, authenticating: ad)
            boxes.append((box, message, ad))
            // A failed open between two good ones: with another key, and with another row's data.
            #expect(throws: CryptoError.self) { try AESGCM.open(box, using: other, authenticating: ad) }
            #expect(throws: CryptoError.self) {
                try AESGCM.open(box, using: key, authenticating: ad + [0x01])
            }
            #expect(try AESGCM.open(box, using: key, authenticating: ad) == message)
        }
        // Every box still opens, in reverse order, with a copy of the key and with a key made
        // again from its bytes (another set of contexts).
        let copy = key
        let again = try CipherKey(bytes: key.bytes)
        for (box, message, ad) in boxes.reversed() {
            #expect(try AESGCM.open(box, using: copy, authenticating: ad) == message)
            #expect(try AESGCM.open(box, using: again, authenticating: ad) == message)
        }
    }

    @Test("eight threads sealing and opening with one key at once")
    func concurrentUse() async throws {
        let key = try CipherKey.random()
        let failures = try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var failures = 0
                    for round in 0..<300 {
                        let message = Array("worker \(worker) round \(round)".utf8)
                        let ad = Array("w\(worker)".utf8)
                        let box = try AESGCM.seal(message, using: key, authenticating: ad)
                        if try AESGCM.open(box, using: key, authenticating: ad) != message { failures += 1 }
                        if (try? AESGCM.open(box, using: key, authenticating: [])) != nil { failures += 1 }
                    }
                    return failures
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(failures == 0)
    }

    @Test("keys are equal and hash alike by their bytes, whatever contexts they hold")
    func equalityByBytes() throws {
        let key = try CipherKey.random()
        let again = try CipherKey(bytes: key.bytes)
        _ = try AESGCM.seal([1, 2, 3], using: key)  // only `key` has made a context
        #expect(key == again)
        #expect(Set([key, again, key]).count == 1)
        #expect(try CipherKey.random() != key)
    }
}
