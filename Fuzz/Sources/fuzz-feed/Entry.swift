import Harnesses

/// libFuzzer's entry point for the feed harness (see Harness.feed). libFuzzer supplies main().
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    Harness.feed.fuzz(bytes, size)
}
