/// An operation that failed (exit status 1), with a message for the user. A command line that
/// does not fit is BasicCLI's `ValidationError` instead (exit status 64).
struct CommandFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }

    /// A failure whose message is one line, as every `Error:` line is: a line break inside
    /// (libxml2 puts one in some of its messages: "… indicate encoding !\nBytes: 0xFF …")
    /// becomes a space.
    init(oneLine message: String) {
        self.init(message.split(whereSeparator: \.isNewline).joined(separator: " "))
    }
}
