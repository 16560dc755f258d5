import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The posix_spawn child process every test that runs a program goes through.
@Suite struct SubprocessTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    @Test("output, error output, input and the exit code arrive as sent")
    func streams() async throws {
        let child = try Subprocess(
            Self.shell, ["-c", "read line; echo \"out:$line\"; echo err >&2; exit 7"], standardInput: .pipe)
        try child.standardInput?.write(contentsOf: Data("hello\n".utf8))
        try child.standardInput?.close()
        let output = child.standardOutput?.readDataToEndOfFile() ?? Data()
        let error = child.standardError?.readDataToEndOfFile() ?? Data()
        #expect(await child.exited() == 7)
        #expect(String(decoding: output, as: UTF8.self) == "out:hello\n")
        #expect(String(decoding: error, as: UTF8.self) == "err\n")
        #expect(!child.isRunning)
        #expect(child.terminationStatus == 7)
    }

    @Test("the environment given is the whole environment; the folder given is the working folder")
    func environmentAndFolder() throws {
        let folder = try TemporaryDirectory()
        let child = try Subprocess(
            Self.shell, ["-c", "echo \"$ONLY|$HOME|$(pwd -P)\""], environment: ["ONLY": "this"],
            currentDirectory: folder.url)
        let output = String(decoding: child.standardOutput?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        #expect(child.waitUntilExit() == 0)
        let resolved = folder.url.resolvingSymlinksInPath().path
        #expect(output == "this||\(resolved)\n")
    }

    @Test("a child killed by a signal and one exiting with that number are told apart")
    func killed() async throws {
        // Ten minutes: killed long before, however slowly a loaded machine runs this test.
        let child = try Subprocess(URL(fileURLWithPath: "/bin/sleep"), ["600"], standardOutput: .nullDevice)
        defer { child.send(SIGKILL) }
        #expect(await child.exited(timeout: 0.05) == nil)
        #expect(child.wait(timeout: 0.05) == nil)
        #expect(child.isRunning)
        child.send(SIGKILL)
        #expect(await child.exited() == SIGKILL)
        #expect(child.termination == .signal(SIGKILL))
        #expect(child.waitUntilExit() == SIGKILL)

        let exiting = try Subprocess(Self.shell, ["-c", "exit 9"])
        #expect(await exiting.exited() == 9)
        #expect(exiting.termination == .exit(9))
        // Signalling a child that has ended does nothing (its id may be another process's).
        exiting.send(SIGKILL)
        #expect(exiting.termination == .exit(9))
    }

    @Test("the child inherits no descriptor but its three streams, and no blocked signal")
    func cleanStart() throws {
        // Given a descriptor opened without close-on-exec, and SIGTERM blocked on this thread
        let leaked = open("/dev/null", O_RDONLY)
        #expect(leaked > 2)
        defer { close(leaked) }
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }

        // When one child lists its shell's descriptors, and another reads its own signal mask
        let lister = try Subprocess(Self.shell, ["-c", "ls /proc/$$/fd; true"])
        let listing = String(decoding: lister.standardOutput?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        #expect(lister.waitUntilExit() == 0)
        // grep itself, not through a shell, which blocks signals around its own forks.
        let reader = try Subprocess(URL(fileURLWithPath: "/bin/grep"), ["-E", "^Sig(Blk|Ign)", "/proc/self/status"])
        let mask = String(decoding: reader.standardOutput?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        #expect(reader.waitUntilExit() == 0)

        // Then the shell has only 0, 1 and 2 (and whatever it opens for itself, above 9), and
        // grep no blocked or ignored signal (this process ignores SIGPIPE)
        let descriptors = listing.split(separator: "\n").compactMap { Int($0) }
        #expect(!descriptors.contains(Int(leaked)), "\(descriptors)")
        #expect(descriptors.filter { $0 < 10 }.sorted() == [0, 1, 2], "\(descriptors)")
        let masks = Dictionary(
            uniqueKeysWithValues: mask.split(separator: "\n").compactMap { line -> (String, UInt64)? in
                let parts = line.split(separator: "\t")
                guard parts.count == 2, let bits = UInt64(parts[1], radix: 16) else { return nil }
                return (String(parts[0]), bits)
            })
        #expect(masks["SigBlk:"] == 0, "\(mask)")
        // Signal n is bit n - 1; SIGPIPE is 13.
        #expect(masks["SigIgn:"].map { $0 & (1 << (UInt64(SIGPIPE) - 1)) } == 0, "\(mask)")
    }

    @Test("writing to a child that has ended is an error, and this process lives on")
    func writeAfterExit() throws {
        let child = try Subprocess(URL(fileURLWithPath: "/bin/true"), [], standardInput: .pipe)
        #expect(child.waitUntilExit() == 0)
        #expect(throws: (any Error).self) {
            try child.standardInput?.write(contentsOf: Data(count: 1 << 20))
        }
    }

    @Test("a program that does not exist is a clear error, not a crash")
    func missing() {
        #expect {
            _ = try Subprocess(URL(fileURLWithPath: "/no/such/program"), [])
        } throws: { error in
            "\(error)".contains("cannot run /no/such/program") && "\(error)".contains("No such file")
        }
    }
}
