import Harnesses

/// libFuzzer's entry point for the cassette harness (see Harness.cassette). libFuzzer supplies main().
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    Harness.cassette.fuzz(bytes, size)
}
