import Harnesses

/// libFuzzer's entry point for the xml harness (see Harness.xml). libFuzzer supplies main().
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    Harness.xml.fuzz(bytes, size)
}
