import Foundation

#if canImport(Glibc)
    import Glibc  // posix_spawn, waitpid: POSIX, which Linux has in Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens web pages in the person's browser, as the app opens an `http` square in a web view:
/// `$BROWSER URL` when `BROWSER` is set (a command, with arguments if it has them), else
/// `xdg-open URL` (`/usr/bin/open URL` on macOS).
///
/// ```swift
/// if let url = URL(string: "https://m.budejie.com/rules"), let failure = BrowserLauncher.open(url) {
///     print(failure)    // there is no xdg-open; set $BROWSER to your browser
/// }
/// ```
///
/// The browser is started and not waited for: it runs in a process group of its own with its
/// standard input and output on `/dev/null` (the reader keeps the terminal), no signal blocked
/// or ignored, and a thread of its own reaps it when it ends. The URL is passed as one argument,
/// never read by a shell.
public enum BrowserLauncher {
    /// Starts the browser on `url`; the reason when it cannot be started, nil when it was.
    public static func open(
        _ url: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> ReaderFailure? {
        let browser = environment["BROWSER"]?.trimmingCharacters(in: .whitespaces) ?? ""
        // `$BROWSER` may carry arguments (`firefox --new-window`): the shell splits it, and the
        // URL reaches it as "$1", untouched.
        let arguments =
            browser.isEmpty
            ? [Platform.browserOpener, url.absoluteString]
            : ["/bin/sh", "-c", "exec $BROWSER \"$1\"", "sh", url.absoluteString]
        var variables = environment
        if !browser.isEmpty { variables["BROWSER"] = browser }
        switch spawn(arguments, environment: variables) {
        case 0:
            return nil
        case ENOENT where browser.isEmpty:
            return ReaderFailure("there is no \(Platform.browserOpener); set $BROWSER to your browser")
        case let code:
            return ReaderFailure("cannot start \(arguments[0]): \(String(cString: strerror(code)))")
        }
    }

    /// The program `name` on `environment`'s `PATH` (a name with a slash is a path already).
    private static func executable(_ name: String, environment: [String: String]) -> String? {
        if name.contains("/") { return name }
        let path = environment["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where folder.hasPrefix("/") {
            let candidate = folder.hasSuffix("/") ? "\(folder)\(name)" : "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Starts `arguments`, the first looked up on `environment`'s `PATH` (not this process's,
    /// which `posix_spawnp` would search), returning 0 or the error number.
    private static func spawn(_ arguments: [String], environment: [String: String]) -> Int32 {
        #if os(tvOS) || os(watchOS)
            // <spawn.h> marks posix_spawn unavailable on tvOS and watchOS (__API_UNAVAILABLE(watchos,
            // tvos)): no program is started there, and opening a link says so.
            return ENOTSUP
        #else
            guard let program = executable(arguments[0], environment: environment) else { return ENOENT }
            var actions = Platform.spawnFileActions()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_RDWR, 0)
            }
            var attributes = Platform.spawnAttributes()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var noSignals = sigset_t()
            sigemptyset(&noSignals)
            posix_spawnattr_setsigmask(&attributes, &noSignals)
            // The terminal session ignores the ending signals and SIGWINCH (it takes them from a
            // dispatch source), and an ignored signal stays ignored across exec: give them back.
            var defaults = sigset_t()
            sigemptyset(&defaults)
            for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGWINCH] { sigaddset(&defaults, number) }
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            // A group of its own: a Ctrl-C or a hang-up of the reader's terminal is not the browser's.
            posix_spawnattr_setpgroup(&attributes, 0)
            posix_spawnattr_setflags(
                &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

            let argv = arguments.map { strdup($0) } + [nil]
            defer { for argument in argv { free(argument) } }
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { for variable in envp { free(variable) } }
            var pid = pid_t()
            let code = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
            guard code == 0 else { return code }
            let child = pid
            Thread {
                var status: Int32 = 0
                while waitpid(child, &status, 0) == -1 && errno == EINTR {}
            }.start()
            return 0
        #endif
    }
}
