import BasicFormat
import Testing

@Suite struct ByteCountTests {
    @Test(
        "decimal units, as the settings page shows them",
        arguments: [
            (0 as Int64, "0B"),
            (1, "1B"),
            (999, "999B"),
            (1000, "1.0KB"),
            (1500, "1.5KB"),
            (1049, "1.0KB"),
            (1050, "1.1KB"),
            (999_949, "999.9KB"),
            (999_950, "1.0MB"),
            (999_999, "1.0MB"),
            (1_000_000, "1.0MB"),
            (12_345_678, "12.3MB"),
            (12_350_000, "12.4MB"),
            (999_949_999, "999.9MB"),
            (999_999_999, "1.0GB"),
            (1_500_000_000, "1.5GB"),
            (2_000_000_000_000, "2.0TB"),
            (1_234_000_000_000_000, "1.2PB"),
            (Int64.max, "9.2EB"),
            (-1500, "-1.5KB"),
            (-5, "-5B"),
        ])
    func decimal(bytes: Int64, expected: String) {
        #expect(ByteCount(bytes).formatted() == expected)
        #expect(ByteCount(bytes).description == expected)
    }

    @Test(
        "binary units as an option",
        arguments: [
            (1023 as Int64, "1023B"),
            (1024, "1.0KiB"),
            (1536, "1.5KiB"),
            (1_048_575, "1.0MiB"),
            (1_048_576, "1.0MiB"),
            (5_368_709_120, "5.0GiB"),
        ])
    func binary(bytes: Int64, expected: String) {
        #expect(ByteCount(bytes).formatted(.binary) == expected)
    }

    @Test("counts compare by bytes")
    func comparable() {
        #expect(ByteCount(999) < ByteCount(1000))
        #expect([ByteCount(5), ByteCount(1)].sorted() == [ByteCount(1), ByteCount(5)])
    }
}

@Suite struct ByteCountUnsignedTests {
    @Test("unsigned counts from file systems format alike, and clamp past Int64.max")
    func unsigned() {
        #expect(ByteCount(UInt64(12_345_678)).formatted() == "12.3MB")
        #expect(ByteCount(UInt64.max).bytes == Int64.max)
    }
}
