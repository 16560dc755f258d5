import Harnesses

/// libFuzzer's entry point for the html harness (see Harness.html). libFuzzer supplies main().
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    Harness.html.fuzz(bytes, size)
}
