import Harnesses

/// libFuzzer's entry point for the route harness (see Harness.route). libFuzzer supplies main().
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    Harness.route.fuzz(bytes, size)
}
