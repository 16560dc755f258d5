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
        // Each pipe is served by a thread of its own, started now (not by a child task, which
        // would wait for a thread of the cooperative pool), so that a full pipe never blocks the
        // child, its input ends even while other tests hold every pool thread, and no thread of
        // the pool waits.
        let output = ThreadWork { process.standardOutput?.readDataToEndOfFile() ?? Data() }
        let errors = ThreadWork { process.standardError?.readDataToEndOfFile() ?? Data() }
        let written = ThreadWork {
            // A child that exits without reading its input is its own failure to report.
            if let input { try? process.standardInput?.write(contentsOf: input) }
            try? process.standardInput?.close()
        }
        guard let status = await process.exited(timeout: timeout) else {
            // Killed, its pipes close, and the threads above end.
            process.send(SIGKILL)
            _ = await (output.value, errors.value, written.value)
            throw TestSupportError("\(executable.lastPathComponent) did not end within \(timeout) s")
        }
        let (out, err, _) = await (output.value, errors.value, written.value)
        return ProcessResult(
            status: status, standardOutput: String(decoding: out, as: UTF8.self),
            standardError: String(decoding: err, as: UTF8.self))
    }
}
