import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process for tests, started with `posix_spawn`.
///
/// ```swift
/// let child = try Subprocess(URL(fileURLWithPath: "/bin/echo"), ["hello"])
/// let output = child.standardOutput?.readDataToEndOfFile()   // "hello\n"
/// let status = child.waitUntilExit()                          // 0
/// ```
///
/// Why not Foundation's `Process`: on Linux, `Process.run()` of Swift 6.3.1 now and then
/// crashes the test process with a bad pointer dereference before the child starts. To close
/// every inherited descriptor in the child it lists `/proc/self/fd` and copies each entry's
/// whole 256-byte `d_name`, which can read past the end of glibc's directory buffer
/// (swift-corelibs-foundation pull request #5472). With hundreds of children per test run, one
/// run in a few crashed. Here glibc closes those descriptors itself
/// (`posix_spawn_file_actions_addclosefrom_np`), and the child starts with no signal blocked
/// (a child of `Process` inherited the blocked signals of the thread that started it) and
/// SIGPIPE at its default, while this process ignores SIGPIPE from its first child on, so that
/// writing to a child that has gone is an error rather than the end of the test run.
public final class Subprocess: Sendable {
    /// What one of the child's standard streams is connected to.
    public enum Stream: Sendable {
        /// A pipe whose other end this object holds.
        case pipe
        /// `/dev/null`.
        case nullDevice
        /// The test process's own stream.
        case inherit
    }

    /// The child's process id.
    public let processIdentifier: pid_t
    /// The writing end of the child's standard input, when it is a pipe. Close it to send
    /// end-of-file.
    public let standardInput: FileHandle?
    /// The reading end of the child's standard output, when it is a pipe.
    public let standardOutput: FileHandle?
    /// The reading end of the child's standard error, when it is a pipe.
    public let standardError: FileHandle?
    private let exit: ExitState

    /// Starts `executable` with `arguments`.
    ///
    /// - Parameters:
    ///   - environment: the child's whole environment; nil passes on this process's.
    ///   - currentDirectory: the child's working directory; nil keeps this process's.
    /// - Throws: ``TestSupportError`` when the child cannot be started, with the reason.
    public init(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        currentDirectory: URL? = nil, standardInput: Stream = .nullDevice, standardOutput: Stream = .pipe,
        standardError: Stream = .pipe
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The child's ends of the pipes and /dev/null: closed here once the child has them.
        var childEnds: [Int32] = []
        defer { for descriptor in childEnds { close(descriptor) } }

        func connect(_ stream: Stream, to target: Int32, childReads: Bool) throws -> FileHandle? {
            switch stream {
            case .inherit:
                return nil
            case .nullDevice:
                let descriptor = open("/dev/null", O_RDWR | O_CLOEXEC)
                guard descriptor >= 0 else { throw Self.failure("cannot open /dev/null", errno) }
                childEnds.append(descriptor)
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
                return nil
            case .pipe:
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else { throw Self.failure("cannot make a pipe", errno) }
                // Close-on-exec, so no other child inherits them; dup2 clears it on the copy.
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                let (childEnd, parentEnd) = childReads ? (ends[0], ends[1]) : (ends[1], ends[0])
                childEnds.append(childEnd)
                posix_spawn_file_actions_adddup2(&actions, childEnd, target)
                return FileHandle(fileDescriptor: parentEnd, closeOnDealloc: true)
            }
        }
        let input = try connect(standardInput, to: STDIN_FILENO, childReads: true)
        let output = try connect(standardOutput, to: STDOUT_FILENO, childReads: false)
        let error = try connect(standardError, to: STDERR_FILENO, childReads: false)
        // After the dup2s: close everything else the child would inherit.
        if let closeFrom = Self.addCloseFrom { _ = closeFrom(&actions, 3) }
        if let currentDirectory {
            guard let changeDirectory = Self.addChangeDirectory else {
                throw TestSupportError("this C library cannot start a child in another folder")
            }
            _ = changeDirectory(&actions, currentDirectory.path)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        // This process ignores SIGPIPE (see `ignoreBrokenPipes`); the child gets the default.
        var brokenPipe = sigset_t()
        sigemptyset(&brokenPipe)
        sigaddset(&brokenPipe, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &brokenPipe)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        _ = Self.ignoreBrokenPipes

        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let variables = environment.map { $0.map { "\($0.key)=\($0.value)" } }
        let envp = variables.map { $0.map { strdup($0) } + [nil] }
        defer { for variable in envp ?? [] { free(variable) } }

        var pid = pid_t()
        let code = executable.path.withCString { path in
            if let envp {
                return posix_spawn(&pid, path, &actions, &attributes, argv, envp)
            }
            return posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        }
        guard code == 0 else { throw Self.failure("cannot run \(executable.path)", code) }
        processIdentifier = pid
        self.standardInput = input
        self.standardOutput = output
        self.standardError = error
        exit = ExitState()
        let (exit, child) = (exit, pid)
        // Reaps the child on a thread of its own, so that no test thread blocks in waitpid.
        Thread {
            var raw: Int32 = 0
            while waitpid(child, &raw, 0) == -1 && errno == EINTR {}
            // Ended by a signal: its number (as Foundation's `Process` reports it); else the exit code.
            exit.finish(raw & 0x7f != 0 ? raw & 0x7f : (raw >> 8) & 0xff)
        }.start()
    }

    /// Whether the child is still running.
    public var isRunning: Bool { exit.status == nil }

    /// The child's exit code, or the number of the signal that ended it; nil while it runs.
    public var terminationStatus: Int32? { exit.status }

    /// Waits for the child to end and returns ``terminationStatus``.
    @discardableResult
    public func waitUntilExit() -> Int32 {
        exit.wait(timeout: nil) ?? -1
    }

    /// Waits at most `timeout` seconds for the child to end: its status, or nil if it still runs.
    public func wait(timeout: TimeInterval) -> Int32? {
        exit.wait(timeout: timeout)
    }

    /// Waits at most `timeout` seconds (nil: for as long as it takes) for the child to end, on
    /// a thread outside Swift's cooperative pool, whose few threads a blocking wait would take
    /// from every other test: its status, or nil if it still runs.
    public func exited(timeout: TimeInterval? = nil) async -> Int32? {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { [exit] in
                continuation.resume(returning: exit.wait(timeout: timeout))
            }
        }
    }

    /// Sends `signal` to the child, unless it has already ended (its id may then be another's).
    public func send(_ signal: Int32) {
        if isRunning { kill(processIdentifier, signal) }
    }

    // MARK: - Private

    /// Writing to a child that has ended must be an error (EPIPE), not the death of the test
    /// process by SIGPIPE: ignored once, before the first child starts.
    private static let ignoreBrokenPipes: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    private static func failure(_ what: String, _ code: Int32) -> TestSupportError {
        TestSupportError("\(what): \(String(cString: strerror(code)))")
    }

    private typealias FileActions = UnsafeMutablePointer<posix_spawn_file_actions_t>
    // glibc's GNU extensions, which Swift's Glibc module does not declare; looked up by name.
    private static let addCloseFrom = symbol(
        "posix_spawn_file_actions_addclosefrom_np", as: (@convention(c) (FileActions, Int32) -> Int32).self)
    private static let addChangeDirectory = symbol(
        "posix_spawn_file_actions_addchdir_np",
        as: (@convention(c) (FileActions, UnsafePointer<CChar>) -> Int32).self)

    private static func symbol<Function>(_ name: String, as type: Function.Type) -> Function? {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(address, to: type)
    }
}

/// A child's exit status, set once by the thread that reaps it.
private final class ExitState: @unchecked Sendable {
    // `lock` protects `value`; `ended` is signalled once, when it is set.
    private let lock = NSLock()
    private var value: Int32?
    private let ended = DispatchSemaphore(value: 0)

    var status: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func finish(_ status: Int32) {
        lock.lock()
        value = status
        lock.unlock()
        ended.signal()
    }

    func wait(timeout: TimeInterval?) -> Int32? {
        if let status { return status }
        if let timeout {
            guard ended.wait(timeout: .now() + timeout) == .success else { return nil }
        } else {
            ended.wait()
        }
        ended.signal()  // for the next waiter
        return status
    }
}
