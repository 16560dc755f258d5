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
        var variables: [String: String]?
        if !environment.isEmpty {
            var inherited = ProcessInfo.processInfo.environment
            for (name, value) in environment { inherited[name] = value }
            variables = inherited
        }
        let process: Subprocess
        do {
            process = try Subprocess(
                executable, arguments, environment: variables, currentDirectory: currentDirectory,
                standardInput: .pipe)
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
                    outBox.data = process.standardOutput?.readDataToEndOfFile() ?? Data()
                }
                DispatchQueue.global().async(group: group) {
                    errBox.data = process.standardError?.readDataToEndOfFile() ?? Data()
                }
                // A child that exits without reading its input is its own failure to report.
                if let input { try? process.standardInput?.write(contentsOf: input) }
                try? process.standardInput?.close()
                guard let status = process.wait(timeout: timeout) else {
                    process.send(SIGKILL)
                    continuation.resume(
                        throwing: TestSupportError("\(executable.lastPathComponent) did not end within \(timeout) s"))
                    return
                }
                group.wait()
                continuation.resume(
                    returning: ProcessResult(
                        status: status,
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
