import Harnesses

/// libFuzzer's entry point for the money-time harness (see Harness.moneyTime). libFuzzer supplies main().
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    Harness.moneyTime.fuzz(bytes, size)
}
