import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens links in the user's browser, as `o` does (the app's SFSafariViewController): the
/// first command of `$BROWSER` (a `:`-separated list, as man(1) and xdg-utils read it; `%s` in it
/// stands for the link, else the link is its last argument), else `xdg-open`. The command is run
/// directly, never through a shell, so nothing in a link is read as shell syntax; its input and
/// output are `/dev/null`, so it cannot draw over the reader; the reader does not wait for it.
enum BrowserLauncher {
    /// The command and arguments that open `url` in the browser `environment` names.
    static func command(for url: URL, environment: [String: String]) -> [String] {
        let first = (environment["BROWSER"] ?? "").split(separator: ":").first.map(String.init) ?? ""
        let words = first.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard !words.isEmpty else { return ["xdg-open", url.absoluteString] }
        if words.contains(where: { $0.contains("%s") }) {
            return words.map { $0.replacingOccurrences(of: "%s", with: url.absoluteString) }
        }
        return words + [url.absoluteString]
    }

    /// Starts the browser on `url`; the line to show, or why it could not start.
    static func open(_ url: URL, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Result<String, ReaderFailure>
    {
        let arguments = command(for: url, environment: environment)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group: Ctrl-C in the reader (raw mode) is a key, but a signal sent to
        // the reader's group must not end the browser too.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var pid = pid_t()
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let status = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
        guard status == 0 else {
            let reason = String(cString: strerror(status))
            return .failure(
                ReaderFailure(
                    "Could not start \(arguments[0]) (\(reason)); set $BROWSER to your browser's command, or "
                        + "install xdg-utils"))
        }
        // Reap it when it ends, off the reader's loop.
        let child = pid
        Thread.detachNewThread {
            var ended: Int32 = 0
            _ = waitpid(child, &ended, 0)
        }
        return .success("Opened \(url.absoluteString) with \(arguments[0]).")
    }
}
