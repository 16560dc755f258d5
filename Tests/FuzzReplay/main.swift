// fuzz-replay HARNESS FILE: runs one fuzz harness (Fuzz/Sources/FuzzHarnesses) on one input, as
// the libFuzzer executable would, but in an ordinary build. FuzzFindingsTests runs it once per
// input in Fuzz/Findings/, so that an input that crashes still cannot take the test run down.
//
// Exit status: 0 when the input gave a valid result or a clear error; 1 when an invariant of
// the harness broke, or when the process grew past the memory the fuzzer allows (`Fuzz/run`'s
// -rss_limit_mb; a watchdog thread checks, so a runaway allocation stops early); the reason is
// printed on standard error. 64 for wrong arguments. A crash ends it by its signal.

import Foundation
import FuzzHarnesses

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The most memory a run may take, as `Fuzz/run` gives libFuzzer (`-rss_limit_mb`).
let memoryLimitMB = 2_048

/// Prints `message` and ends the process; `immediately` skips the exit handlers, for the
/// watchdog, whose exit must not run them under the main thread's feet.
func fail(_ message: String, status: Int32, immediately: Bool = false) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    if immediately { _exit(status) }
    exit(status)
}

/// The resident set size in MB, from /proc (Linux); nil where there is none.
func residentMB() -> Int? {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / (1024 * 1024)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2, let harness = Harness(rawValue: arguments[0]) else {
    fail("usage: fuzz-replay \(Harness.allCases.map(\.rawValue).joined(separator: "|")) FILE", status: 64)
}
let path = arguments[1]
guard let data = FileManager.default.contents(atPath: path) else {
    fail("fuzz-replay: cannot read \(path)", status: 64)
}

if residentMB() != nil {
    let watchdog = Thread {
        while true {
            if let used = residentMB(), used > memoryLimitMB {
                fail(
                    "\(harness.rawValue) harness: grew to \(used) MB, past the fuzzer's \(memoryLimitMB) MB", status: 1,
                    immediately: true)
            }
            usleep(20_000)
        }
    }
    watchdog.start()
}

do {
    try harness.run(data)
} catch {
    fail("\(harness.rawValue) harness: \(error)", status: 1)
}
print("ok: \(harness.rawValue) \(path)")
exit(0)
