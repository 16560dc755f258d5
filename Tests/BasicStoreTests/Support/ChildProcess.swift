import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process whose standard output is collected, which a test can SIGKILL.
final class ChildProcess: @unchecked Sendable {
    // `process` and `output` are set in init and only read after; `exited` is a semaphore.
    private let process = Process()
    private let output = Pipe()
    private let exited = DispatchSemaphore(value: 0)

    init(_ executable: URL, _ arguments: [String]) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        process.terminationHandler = { [exited] _ in exited.signal() }
        do {
            try process.run()
        } catch {
            throw TestSupportError("cannot run \(executable.path): \(error); was it built (swift build)?")
        }
    }

    /// Kills the child at once (SIGKILL cannot be caught or blocked) and waits for it.
    func kill() {
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
    }

    /// Waits up to `timeout` seconds for the child to end; kills it if it has not.
    /// Returns its exit status and everything it printed.
    func finish(timeout: TimeInterval) -> (status: Int32, output: String) {
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            kill()
            exited.wait()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
