import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real terminal taken over by a full-screen program: raw mode (keys arrive one by one, no
/// echo, Ctrl-C as a key) and the alternate screen, with the cursor hidden. Everything is put
/// back as it was — the saved termios settings, the main screen, the cursor — by ``restore()``,
/// which runs once whatever calls it: the program on its way out (also after an error), and
/// SIGTERM, SIGHUP, SIGINT and SIGQUIT, after which the signal ends the process as it would have.
///
/// ```swift
/// let session = try TerminalSession()
/// defer { session.restore() }
/// var renderer = ScreenRenderer()
/// session.write(renderer.render(grid))
/// for await event in session.events() { … }
/// ```
///
/// A thin layer over termios and ANSI rather than ncurses: the cells and their widths are
/// ``CellGrid``'s (BasicFormat's `TextWidth`, the same widths every other part of the package
/// measures, where ncurses asks the C library's `wcwidth`), and input is read on a thread of its
/// own into an `AsyncStream`, so nothing global of a C library is touched from Swift tasks.
public final class TerminalSession: Sendable {
    /// The descriptors read and written.
    public let input: Int32, output: Int32
    private let state: SharedState

    // Unchecked for the dispatch sources, which are not Sendable: they are only stored and read
    // under the lock, and used (cancelled) once, in deinit.
    private struct State: @unchecked Sendable {
        var saved: termios
        var isRestored = false
        var endingSignal: Int32?
        var continuation: AsyncStream<TerminalEvent>.Continuation?
        var signalSources: [any DispatchSourceSignal] = []
    }

    /// The state the signal handlers and the input thread share with the session, behind a lock.
    private final class SharedState: Sendable {
        let lock: Mutex<State>

        init(_ state: State) {
            lock = Mutex(state)
        }

        func withLock<Result: Sendable>(_ body: (inout State) -> Result) -> Result {
            lock.withLock { body(&$0) }
        }
    }

    /// The signals after which the terminal is restored before the process ends.
    static let endingSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]

    /// Whether `input` and `output` are both terminals.
    public static func isInteractive(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) -> Bool {
        isatty(input) == 1 && isatty(output) == 1
    }

    /// Takes over the terminal on `input` and `output`: raw mode, the alternate screen, the cursor
    /// hidden, handlers for the ending signals and SIGWINCH.
    ///
    /// - Throws: ``TerminalError/notATerminal`` when either is no terminal,
    ///   ``TerminalError/system(call:reason:)`` when termios refuses.
    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) throws(TerminalError) {
        guard Self.isInteractive(input: input, output: output) else { throw .notATerminal }
        self.input = input
        self.output = output
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { throw Self.failure("tcgetattr") }
        var raw = saved
        cfmakeraw(&raw)
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else { throw Self.failure("tcsetattr") }
        let state = SharedState(State(saved: saved))
        self.state = state
        var sources: [any DispatchSourceSignal] = []
        let queue = DispatchQueue(label: "BasicTerminal.signals")
        for number in Self.endingSignals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                // Restored, and the events end; the program then ends by the signal
                // (``endingSignal``), or the signal does it here if the program has not.
                Self.restore(state, output: output, input: input, signal: number)
                Self.end(by: number)
            }
            source.resume()
            sources.append(source)
        }
        signal(SIGWINCH, SIG_IGN)
        let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: queue)
        resize.setEventHandler {
            let size = Self.size(of: output)
            _ = state.withLock { $0.continuation?.yield(.resize(size)) }
        }
        resize.resume()
        sources.append(resize)
        state.withLock { $0.signalSources = sources }
        // The alternate screen, the cursor hidden, the keypad in normal mode (arrows as ESC [ A).
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1l\u{1B}[H\u{1B}[2J")
    }

    deinit {
        restore()
        state.withLock { state in
            for source in state.signalSources { source.cancel() }
            state.signalSources = []
        }
    }

    /// The signal (SIGTERM, SIGHUP, SIGINT, SIGQUIT) that restored the terminal, if one did: a
    /// program that sees it after its loop ends should end by it (``endBySignal()``).
    public var endingSignal: Int32? { state.withLock { $0.endingSignal } }

    /// Ends the process by ``endingSignal`` with its default action, as if it had not been
    /// handled, so that the parent sees the signal; does nothing when no signal ended the session.
    public func endBySignal() {
        guard let number = endingSignal else { return }
        Self.end(by: number)
    }

    /// Ends the process by `number` with its default action: this thread unblocks the signal
    /// (libdispatch's and the cooperative pool's threads block it) and sends it to itself. Sent to
    /// the process instead, it could be taken first by the `signalfd` through which libdispatch
    /// watches the signal for the sources above (which dequeues what is pending for the process,
    /// not for one thread), and the process would go on and exit 0 (a test program on a busy
    /// machine: 3 of 450 signals sent to the process were lost that way, none of 450 sent to the
    /// thread).
    private static func end(by number: Int32) {
        signal(number, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        pthread_kill(pthread_self(), number)
    }

    /// The terminal's size now (TIOCGWINSZ; 80×24 when the terminal does not say).
    public var size: TerminalSize { Self.size(of: output) }

    /// Writes `text` whole.
    public func write(_ text: String) {
        Self.write(text, to: output)
    }

    /// The keys and resizes from now on, until ``restore()``. Input is read on a thread of its
    /// own; a lone `ESC` becomes Escape when no byte follows within 30 ms. Call once.
    public func events() -> AsyncStream<TerminalEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
        state.withLock { $0.continuation = continuation }
        let input = input
        let state = state
        let thread = Thread {
            var decoder = KeyDecoder()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !state.withLock({ $0.isRestored }) {
                var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
                let ready = poll(&descriptor, 1, decoder.hasPending ? 30 : 100)
                if ready == 0 {
                    for key in decoder.flush() { continuation.yield(.key(key)) }
                    continue
                }
                if ready < 0 {
                    if errno == EINTR { continue }
                    break
                }
                let count = read(input, &buffer, buffer.count)
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                guard count > 0 else { break }
                for key in decoder.decode(buffer[0..<count]) { continuation.yield(.key(key)) }
            }
            continuation.finish()
        }
        thread.name = "BasicTerminal.input"
        thread.start()
        return stream
    }

    /// Puts the terminal back as it was: the cursor shown, the main screen, the saved termios
    /// settings. Only the first call does anything.
    public func restore() {
        Self.restore(state, output: output, input: input)
    }

    private static func restore(_ state: SharedState, output: Int32, input: Int32, signal: Int32? = nil) {
        // All under the lock: a second caller (the program ending while a signal's handler
        // restores) returns only once the terminal is back.
        state.withLock { state in
            guard !state.isRestored else { return }
            state.isRestored = true
            state.endingSignal = signal
            write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l", to: output)
            _ = tcsetattr(input, TCSAFLUSH, &state.saved)
            state.continuation?.finish()
            state.continuation = nil
        }
    }

    private static func size(of descriptor: Int32) -> TerminalSize {
        var window = winsize()
        let result = withUnsafeMutablePointer(to: &window) { ioctl(descriptor, UInt(TIOCGWINSZ), $0) }
        guard result == 0, window.ws_col > 0, window.ws_row > 0 else { return TerminalSize(columns: 80, rows: 24) }
        return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Platform.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    private static func failure(_ call: String) -> TerminalError {
        .system(call: call, reason: String(cString: strerror(errno)))
    }
}
