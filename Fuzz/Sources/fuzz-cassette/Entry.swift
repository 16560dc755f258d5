// libFuzzer's entry point for the cassette harness (see Harness.cassette). libFuzzer supplies main().
import Harnesses

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    Harness.cassette.fuzz(bytes, size)
}
