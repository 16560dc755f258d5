import Harnesses

/// libFuzzer's entry point for the key-path harness (see Harness.keyPath). libFuzzer supplies main().
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    Harness.keyPath.fuzz(bytes, size)
}
