/// How a command line ended: the exit status, and what the runner itself printed (help, the
/// version, a completion script, error messages). What a command's `run()` prints goes straight
/// to standard output and is not in it.
public struct CommandExecution: Sendable, Equatable {
    /// The command ran, or help, the version or a completion script was printed.
    public static let success: Int32 = 0
    /// The command's `run()` threw an error that is not a usage error.
    public static let failure: Int32 = 1
    /// The command line does not fit the declarations, or `validate()` refused it (`EX_USAGE`).
    public static let usageFailure: Int32 = 64

    /// The exit status: ``success``, ``failure`` or ``usageFailure``.
    public var status: Int32
    /// What goes to standard output, each line ended.
    public var output: String
    /// What goes to standard error, each line ended.
    public var errorOutput: String

    /// An outcome with `status` and the runner's texts.
    public init(status: Int32, output: String = "", errorOutput: String = "") {
        self.status = status
        self.output = output
        self.errorOutput = errorOutput
    }
}
