import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process whose standard output is collected, which a test can SIGKILL.
final class ChildProcess: Sendable {
    private let process: Subprocess

    init(_ executable: URL, _ arguments: [String]) throws {
        do {
            process = try Subprocess(executable, arguments, standardError: .nullDevice)
        } catch {
            throw TestSupportError("cannot run \(executable.path): \(error); was it built (swift build)?")
        }
    }

    /// Kills the child at once (SIGKILL cannot be caught or blocked).
    func kill() {
        process.send(SIGKILL)
    }

    /// Waits up to `timeout` seconds for the child to end; kills it if it has not.
    /// Returns its exit status and everything it printed.
    func finish(timeout: TimeInterval) async -> (status: Int32, output: String) {
        // Read while it runs, so that a full pipe never holds it up (on a thread started now, see
        // ThreadWork).
        let output = ThreadWork { [process] in process.standardOutput?.readDataToEndOfFile() ?? Data() }
        if await process.exited(timeout: timeout) == nil {
            kill()
        }
        let status = await process.exited() ?? -1
        return (status, String(decoding: await output.value, as: UTF8.self))
    }
}
