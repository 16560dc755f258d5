import BasicCore
import Foundation
import Testing

/// Keys match by their bytes however their strings are stored: small (15 bytes or fewer, kept
/// inline), large, made from a substring or from bytes, and empty; in small objects (a linear
/// scan) and large ones (a hash index).
@Suite struct UTF8KeyStorageTests {
    static let keys = [
        "", "a", "ab", "abc", "title", "é", "e\u{301}", "博客园", "author.name",
        "a key longer than fifteen bytes", "a key longer than fifteen bytes!", "很长的中文键名超过十五个字节", "\u{1F600}",
    ]

    /// The same text in another storage: rebuilt from its bytes, and cut out of a longer string.
    static func respelled(_ key: String) -> [String] {
        [String(decoding: Array(key.utf8), as: UTF8.self), String(("<" + key + ">").dropFirst().dropLast())]
    }

    @Test("every key is found under its own bytes, in any storage, and under no other key", arguments: [0, 20])
    func found(padding: Int) {
        var object = JSONObject()
        for index in 0..<padding { object["padding \(index)"] = .integer(Int64(index)) }
        for (index, key) in Self.keys.enumerated() { object[key] = .integer(Int64(1000 + index)) }
        #expect(object.count == padding + Self.keys.count)
        for (index, key) in Self.keys.enumerated() {
            for spelling in [key] + Self.respelled(key) {
                #expect(object[spelling] == .integer(Int64(1000 + index)), "\(key.debugDescription)")
            }
        }
        #expect(object["abcd"] == nil)
        #expect(object["a key longer than fifteen bytes?"] == nil)
        #expect(object["e"] == nil)
    }

    @Test("paths whose keys have the same bytes in other storage are equal and hash alike")
    func pathHashing() {
        for key in Self.keys {
            for spelling in Self.respelled(key) {
                let a = JSONKeyPath(components: [.key(key), .index(1)])
                let b = JSONKeyPath(components: [.key(spelling), .index(1)])
                #expect(a == b)
                #expect(a.hashValue == b.hashValue)
            }
        }
        // Keys that run together differently are different paths.
        let ab = JSONKeyPath(components: [.key("a"), .key("bc")])
        let abc = JSONKeyPath(components: [.key("ab"), .key("c")])
        #expect(ab != abc)
    }
}
