import Foundation

/// Where commands write: standard output for results, standard error for messages.
struct Terminal: Sendable {
    /// Writes `text` to standard output, adding a line end unless told otherwise.
    func print(_ text: String, terminator: String = "\n") {
        FileHandle.standardOutput.write(Data((text + terminator).utf8))
    }

    /// Writes bytes to standard output as they are.
    func write(_ data: Data) {
        FileHandle.standardOutput.write(data)
    }

    /// Writes `text` and a line end to standard error.
    func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Reads a whole file, or standard input for `nil` and `-`.
    ///
    /// - Throws: ``CommandFailure`` naming the file when it cannot be read.
    func readInput(_ path: String?) throws -> Data {
        guard let path, path != "-" else {
            return FileHandle.standardInput.readDataToEndOfFile()
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "it is not readable" : "no such file"
            throw CommandFailure("cannot read \(path): \(reason)")
        }
    }
}
