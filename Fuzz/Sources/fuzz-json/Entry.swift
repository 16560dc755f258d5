import Harnesses

/// libFuzzer's entry point for the json harness (see Harness.json). libFuzzer supplies main().
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    Harness.json.fuzz(bytes, size)
}
