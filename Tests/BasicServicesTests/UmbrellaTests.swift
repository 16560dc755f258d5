import BasicServices
import Foundation
import Testing

/// One import reaches every library module: a value from each, built through the umbrella alone.
@Suite struct UmbrellaTests {
    @Test("import BasicServices reaches each library module")
    func reachesEveryModule() async throws {
        let doc = try JSONValue(parsing: #"{"price":"1001.05"}"#)  // BasicCore
        #expect(try Money.chineseUppercase(Money.parse(doc.string(at: "price") ?? "")) == "壹仟零壹元零伍分")  // BasicFormat
        #expect(try XMLConverter().convert("<r>1</r>")["__text"] == "1")  // BasicXML
        #expect(SHA256.hexDigest(Array("abc".utf8)).hasPrefix("ba7816bf"))  // BasicCrypto
        let api = try #require(URL(string: "https://example.com/api"))
        let endpoint = Endpoint(base: api, path: "news")  // BasicNetworking
        #expect(endpoint.path == "news")
        #expect(try GridLayout(columns: 4).layout(count: 4, width: 400).frames.count == 4)  // BasicLayout
        var router = Router<String>()  // BasicRouting
        try router.register("mod://topic/:id") { $0.parameters["id"] ?? "" }
        #expect(try router.route("mod://topic/7") == "7")
        #expect(MemoryCache<String, Int>(countLimit: 1).count == 0)  // BasicCache
        #expect(KeyValueStore.defaultCollection.isEmpty == false)  // BasicStore
    }
}
