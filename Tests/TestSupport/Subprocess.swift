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
/// let status = await child.exited()                           // 0
/// ```
///
/// Why not Foundation's `Process`: on Linux, `Process.run()` of Swift 6.3.1 now and then
/// crashes the test process with a bad pointer dereference before the child starts. To close
/// every inherited descriptor in the child it lists `/proc/self/fd` and copies each entry's
/// whole 256-byte `d_name`, which can read past the end of glibc's directory buffer
/// (swift-corelibs-foundation pull request #5472). With hundreds of children per test run, one
/// run in a few crashed. Here glibc closes those descriptors itself
/// (`posix_spawn_file_actions_addclosefrom_np`, glibc 2.34 and later), and the child starts
/// with no signal blocked (a child of `Process` inherited the blocked signals of the thread
/// that started it) and SIGPIPE at its default, while this process ignores SIGPIPE from its
/// first child on, so that writing to a child that has gone is an error rather than the end of
/// the test run.
///
/// Waiting never holds a thread of Swift's cooperative pool (two threads on two cores, shared
/// by every test): each child has a thread of its own that reaps it and resumes its waiters.
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

    /// How a child ended.
    public enum Termination: Equatable, Sendable {
        /// It exited with this code.
        case exit(Int32)
        /// This signal ended it.
        case signal(Int32)
        /// Its status could not be read (another part of the process reaped it).
        case unknown
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
    private let state: ExitState

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
        guard let closeFrom = Self.addCloseFrom else {
            throw TestSupportError(
                "this C library has no posix_spawn_file_actions_addclosefrom_np (glibc 2.34 or later has it)")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The child's ends of the pipes and /dev/null: closed here once the child has them.
        var childEnds: [Int32] = []
        defer { for descriptor in childEnds { close(descriptor) } }
        // Our ends, closed again if the child never starts.
        var parentEnds: [FileHandle] = []

        func connect(_ stream: Stream, to target: Int32, childReads: Bool) throws -> FileHandle? {
            switch stream {
            case .inherit:
                return nil
            case .nullDevice:
                let descriptor = open("/dev/null", O_RDWR | O_CLOEXEC)
                guard descriptor >= 0 else { throw Self.failure("cannot open /dev/null", errno) }
                childEnds.append(descriptor)
                try Self.check(posix_spawn_file_actions_adddup2(&actions, descriptor, target), "dup2")
                return nil
            case .pipe:
                // Close-on-exec, so that no other child inherits them; dup2 clears it on the copy.
                let ends = try Self.closeOnExecPipe()
                let (childEnd, parentEnd) = childReads ? (ends.read, ends.write) : (ends.write, ends.read)
                childEnds.append(childEnd)
                let handle = FileHandle(fileDescriptor: parentEnd, closeOnDealloc: true)
                parentEnds.append(handle)
                try Self.check(posix_spawn_file_actions_adddup2(&actions, childEnd, target), "dup2")
                return handle
            }
        }
        let input = try connect(standardInput, to: STDIN_FILENO, childReads: true)
        let output = try connect(standardOutput, to: STDOUT_FILENO, childReads: false)
        let error = try connect(standardError, to: STDERR_FILENO, childReads: false)
        // After the dup2s: close everything else the child would inherit.
        try Self.check(closeFrom(&actions, 3), "closefrom")
        if let currentDirectory {
            guard let changeDirectory = Self.addChangeDirectory else {
                throw TestSupportError("this C library cannot start a child in another folder")
            }
            try Self.check(changeDirectory(&actions, currentDirectory.path), "chdir")
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
        guard code == 0 else {
            for handle in parentEnds { try? handle.close() }
            throw Self.failure("cannot run \(executable.path)", code)
        }
        processIdentifier = pid
        self.standardInput = input
        self.standardOutput = output
        self.standardError = error
        state = ExitState()
        let (state, child) = (state, pid)
        Thread {
            // Wait without reaping, so that the id stays the child's (a zombie's) until the
            // status is recorded under the lock that `send` takes: a signal never reaches a
            // process that reused the id.
            var info = siginfo_t()
            while waitid(P_PID, id_t(child), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
            state.finish {
                var raw: Int32 = 0
                var reaped: pid_t
                repeat { reaped = waitpid(child, &raw, 0) } while reaped == -1 && errno == EINTR
                guard reaped == child else { return .unknown }
                // The low 7 bits: the signal that ended it, or 0 for an exit with the next 8 bits.
                return raw & 0x7f != 0 ? .signal(raw & 0x7f) : .exit((raw >> 8) & 0xff)
            }
        }.start()
    }

    /// How the child ended; nil while it runs.
    public var termination: Termination? { state.termination }

    /// Whether the child is still running.
    public var isRunning: Bool { termination == nil }

    /// The child's exit code, or the number of the signal that ended it (as Foundation's
    /// `Process` reports it), or -1 when its status could not be read; nil while it runs.
    public var terminationStatus: Int32? { termination.map(Self.status) }

    /// Waits at most `timeout` seconds (nil: for as long as it takes) for the child to end: its
    /// ``terminationStatus``, or nil if it still runs. No thread is held while it waits.
    public func exited(timeout: TimeInterval? = nil) async -> Int32? {
        await state.ended(timeout: timeout).map(Self.status)
    }

    /// Blocks this thread until the child ends, and returns its ``terminationStatus``. For
    /// synchronous code; async code awaits ``exited(timeout:)``.
    @discardableResult
    public func waitUntilExit() -> Int32 {
        state.endedBlocking(timeout: nil).map(Self.status) ?? -1
    }

    /// Blocks this thread at most `timeout` seconds for the child to end: its
    /// ``terminationStatus``, or nil if it still runs. For synchronous code.
    public func wait(timeout: TimeInterval) -> Int32? {
        state.endedBlocking(timeout: timeout).map(Self.status)
    }

    /// Sends `signal` to the child, unless it has already ended (its id may then be another's).
    public func send(_ signal: Int32) {
        state.whileRunning { _ = kill(processIdentifier, signal) }
    }

    // MARK: - Private

    private static func status(_ termination: Termination) -> Int32 {
        switch termination {
        case .exit(let code): return code
        case .signal(let number): return number
        case .unknown: return -1
        }
    }

    /// Writing to a child that has ended must be an error (EPIPE), not the death of the test
    /// process by SIGPIPE: ignored once, before the first child starts.
    private static let ignoreBrokenPipes: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    private static func failure(_ what: String, _ code: Int32) -> TestSupportError {
        TestSupportError("\(what): \(String(cString: strerror(code)))")
    }

    private static func check(_ code: Int32, _ action: String) throws {
        guard code == 0 else { throw failure("cannot prepare the child (\(action))", code) }
    }

    /// A pipe whose two ends are close-on-exec from the start (`pipe2`), or set so right after
    /// where `pipe2` is missing: every child closes what it inherits anyway.
    private static func closeOnExecPipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        if let pipe2 = Self.pipe2 {
            guard pipe2(&ends, O_CLOEXEC) == 0 else { throw failure("cannot make a pipe", errno) }
        } else {
            guard pipe(&ends) == 0 else { throw failure("cannot make a pipe", errno) }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        return (ends[0], ends[1])
    }

    private typealias FileActions = UnsafeMutablePointer<posix_spawn_file_actions_t>
    // glibc's GNU extensions, which Swift's Glibc module does not declare; looked up by name.
    private static let addCloseFrom = symbol(
        "posix_spawn_file_actions_addclosefrom_np", as: (@convention(c) (FileActions, Int32) -> Int32).self)
    private static let addChangeDirectory = symbol(
        "posix_spawn_file_actions_addchdir_np",
        as: (@convention(c) (FileActions, UnsafePointer<CChar>) -> Int32).self)
    private static let pipe2 = symbol(
        "pipe2", as: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)

    private static func symbol<Function>(_ name: String, as type: Function.Type) -> Function? {
        // A null handle is RTLD_DEFAULT on Linux: every loaded library.
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(address, to: type)
    }
}

/// Runs blocking `body` (a read to the end of a pipe, say) on a new thread, and returns what
/// it returns, holding no thread of Swift's cooperative pool meanwhile.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}

/// Work started on a thread of its own the moment it is made, whose result is awaited later.
///
/// Unlike `async let x = onOwnThread { … }`, whose child task must first get one of the
/// cooperative pool's threads (two on this machine) before it can start the thread, this starts
/// at once: a child process's input is written and closed, and its output read, even while every
/// pool thread is busy with other tests — which otherwise left children waiting for an end of
/// input that came after their time limit.
public final class ThreadWork<T: Sendable>: @unchecked Sendable {
    // `condition` protects `result` and `waiter`.
    private let condition = NSCondition()
    private var result: T?
    private var waiter: CheckedContinuation<T, Never>?

    /// Starts `body` on a new thread now.
    public init(_ body: @escaping @Sendable () -> T) {
        Thread { [self] in
            let value = body()
            condition.lock()
            if let waiter {
                self.waiter = nil
                condition.unlock()
                waiter.resume(returning: value)
            } else {
                result = value
                condition.unlock()
            }
        }.start()
    }

    /// The work's result, once it is done. Awaited once.
    public var value: T {
        get async {
            await withCheckedContinuation { continuation in
                condition.lock()
                if let result {
                    condition.unlock()
                    continuation.resume(returning: result)
                } else {
                    waiter = continuation
                    condition.unlock()
                }
            }
        }
    }
}

/// How a child ended, set once by the thread that reaps it, and who waits for it.
private final class ExitState: @unchecked Sendable {
    // `condition` protects every stored property and is broadcast when the child has ended.
    private let condition = NSCondition()
    private var value: Subprocess.Termination?
    private var waiters: [UInt64: CheckedContinuation<Subprocess.Termination?, Never>] = [:]
    private var nextWaiter: UInt64 = 0

    var termination: Subprocess.Termination? {
        condition.lock()
        defer { condition.unlock() }
        return value
    }

    /// Runs `body` under the lock unless the child has ended.
    func whileRunning(_ body: () -> Void) {
        condition.lock()
        defer { condition.unlock() }
        if value == nil { body() }
    }

    /// Records how the child ended (`reap` runs under the lock) and wakes every waiter.
    func finish(_ reap: () -> Subprocess.Termination) {
        condition.lock()
        let termination = reap()
        value = termination
        let resumed = waiters.values
        waiters.removeAll()
        condition.broadcast()
        condition.unlock()
        for waiter in resumed { waiter.resume(returning: termination) }
    }

    /// How the child ended, once it has, or nil after `timeout` seconds; holds no thread.
    func ended(timeout: TimeInterval?) async -> Subprocess.Termination? {
        await withCheckedContinuation { continuation in
            condition.lock()
            if let value {
                condition.unlock()
                continuation.resume(returning: value)
                return
            }
            nextWaiter += 1
            let id = nextWaiter
            waiters[id] = continuation
            condition.unlock()
            guard let timeout else { return }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [self] in
                condition.lock()
                let waiter = waiters.removeValue(forKey: id)
                condition.unlock()
                waiter?.resume(returning: nil)
            }
        }
    }

    /// How the child ended, blocking this thread until it has, or nil after `timeout` seconds.
    func endedBlocking(timeout: TimeInterval?) -> Subprocess.Termination? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
        while value == nil {
            if let deadline {
                guard condition.wait(until: deadline) else { break }
            } else {
                condition.wait()
            }
        }
        return value
    }
}
