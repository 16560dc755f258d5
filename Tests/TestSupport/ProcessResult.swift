import Foundation

/// What a finished child process printed and how it ended.
public struct ProcessResult: Sendable {
    /// The exit status.
    public var status: Int32
    /// Standard output as text.
    public var standardOutput: String
    /// Standard error as text.
    public var standardError: String
}

/// Runs executables for tests, such as the built `bsl`.
public enum ProcessRunner {
    /// Runs `executable` with `arguments`, feeding `input` to its standard input, and waits
    /// for it to end (at most `timeout` seconds, then it is killed). `environment` adds to (or,
    /// with a nil value, removes from) the variables the child inherits.
    ///
    /// - Throws: ``TestSupportError`` when it cannot start or does not end in time.
    public static func run(
        _ executable: URL, _ arguments: [String], input: Data? = nil, currentDirectory: URL? = nil,
        timeout: TimeInterval = 60, environment: [String: String?] = [:]
    ) async throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            var variables = ProcessInfo.processInfo.environment
            for (name, value) in environment { variables[name] = value }
            process.environment = variables
        }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr

        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            throw TestSupportError("cannot run \(executable.path): \(error); was it built (swift build)?")
        }
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                // Read both pipes on threads of their own so that a full pipe never blocks the child.
                let group = DispatchGroup()
                let outBox = DataBox()
                let errBox = DataBox()
                DispatchQueue.global().async(group: group) {
                    outBox.data = stdout.fileHandleForReading.readDataToEndOfFile()
                }
                DispatchQueue.global().async(group: group) {
                    errBox.data = stderr.fileHandleForReading.readDataToEndOfFile()
                }
                if let input { stdin.fileHandleForWriting.write(input) }
                try? stdin.fileHandleForWriting.close()
                if finished.wait(timeout: .now() + timeout) == .timedOut {
                    kill(process.processIdentifier, SIGKILL)
                    continuation.resume(
                        throwing: TestSupportError("\(executable.lastPathComponent) did not end within \(timeout) s"))
                    return
                }
                group.wait()
                continuation.resume(
                    returning: ProcessResult(
                        status: process.terminationStatus,
                        standardOutput: String(decoding: outBox.data, as: UTF8.self),
                        standardError: String(decoding: errBox.data, as: UTF8.self)))
            }
        }
    }
}

/// Data written by one thread and read by another after a `DispatchGroup` wait.
private final class DataBox: @unchecked Sendable {
    // Written once before `group.wait()` returns, read only after it: the group orders them.
    var data = Data()
}
