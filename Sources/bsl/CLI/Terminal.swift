import Foundation

/// Where commands write: standard output for results, standard error for messages.
struct Terminal: Sendable {
    /// Whether standard error is a terminal: progress is shown only then.
    var isErrorTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Whether standard input is a terminal: questions are asked only then.
    var isInputTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// Asks a yes/no question on standard error and reads the answer; anything but y/yes is no.
    func confirm(_ question: String) -> Bool {
        FileHandle.standardError.write(Data("\(question) [y/N] ".utf8))
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }

    /// Draws a progress bar on standard error, over the previous one.
    func showProgress(done: Int, total: Int) {
        let width = 30
        let filled = total > 0 ? min(width, done * width / total) : width
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total)".utf8))
        if done >= total { FileHandle.standardError.write(Data("\n".utf8)) }
    }

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
