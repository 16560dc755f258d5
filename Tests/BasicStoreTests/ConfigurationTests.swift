import Testing

@testable import BasicStore

@Suite struct ConfigurationTests {
    @Test(
        "the busy timeout is whole milliseconds, clamped to 0 through Int32.max rather than overflowing",
        arguments: [
            (Duration.seconds(5), Int32(5_000)), (.milliseconds(1_500), 1_500), (.microseconds(999), 0),
            (.seconds(Int64.max), .max), (.seconds(Int64.min), 0), (.seconds(3_000_000), .max), (.seconds(-1), 0),
        ])
    func busyTimeout(duration: Duration, milliseconds: Int32) {
        #expect(KeyValueStore.Configuration(busyTimeout: duration).busyTimeoutMilliseconds == milliseconds)
    }

    @Test("a store opens with the longest busy timeout")
    func longestTimeout() throws {
        let fixture = try StoreFixture()
        let store = try KeyValueStore(
            at: fixture.url, key: .none, configuration: .init(busyTimeout: .seconds(Int64.max)))
        try store.set(1, forKey: "k")
        #expect(try store.value(Int.self, forKey: "k") == 1)
    }
}
