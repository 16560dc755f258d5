import BasicLocking
import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether this process runs under ThreadSanitizer (`swift test --sanitize=thread`): its
/// runtime is linked in then, and with it `__tsan_init`.
private let isUnderThreadSanitizer = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil

/// The proof that `BASIC_TSAN_LOCKS` blinds ThreadSanitizer to nothing but the futex it cannot
/// see: `tsan-probe` (Tests/TSanProbe) counts from two threads, racing or through a lock, and
/// these tests read what TSan says about it. They need a build made with `--sanitize=thread`
/// (`.ci/run` makes one, with `-Xswiftc -DBASIC_TSAN_LOCKS`); in any other build only the
/// counting is checked, since without TSan a race goes unreported.
@Suite struct ThreadSanitizerProofTests {
    /// Runs the probe with TSan's reports kept going and the exit status they cause fixed.
    private func probe(_ mode: String) async throws -> (output: String, report: Bool, status: Int32) {
        let result = try await ProcessRunner.run(
            TestPaths.builtProduct("tsan-probe"), [mode], timeout: 120,
            environment: ["TSAN_OPTIONS": "halt_on_error=0 exitcode=66"])
        return (
            result.standardOutput, result.standardError.contains("WARNING: ThreadSanitizer:"), result.status
        )
    }

    @Test("the project's lock and the pthread lock count every increment", arguments: ["lock", "pthread-lock"])
    func locksCount(mode: String) async throws {
        let run = try await probe(mode)
        #expect(run.output.contains("total 20002 of 20002"))
    }

    @Test(
        "TSan still reports an unsynchronised counter",
        .enabled(if: isUnderThreadSanitizer, "needs swift test --sanitize=thread"))
    func reportsARealRace() async throws {
        let run = try await probe("unsynchronised")
        #expect(run.report)
        #expect(run.status == 66)
    }

    @Test(
        "TSan reports nothing for the pthread lock",
        .enabled(if: isUnderThreadSanitizer, "needs swift test --sanitize=thread"))
    func pthreadLockIsSeen() async throws {
        let run = try await probe("pthread-lock")
        #expect(!run.report)
        #expect(run.status == 0)
    }

    @Test(
        "TSan reports nothing for the project's lock when BASIC_TSAN_LOCKS is set",
        .enabled(if: isUnderThreadSanitizer, "needs swift test --sanitize=thread"),
        .enabled(if: isUsingPThreadLocks, "needs -Xswiftc -DBASIC_TSAN_LOCKS"))
    func projectLockIsSeen() async throws {
        let run = try await probe("lock")
        #expect(!run.report)
        #expect(run.status == 0)
    }

    #if os(Linux)
        // Why the switch exists. If this starts to fail, TSan has learnt to see
        // Synchronization.Mutex and BASIC_TSAN_LOCKS may go.
        @Test(
            "TSan cannot see Synchronization.Mutex on Linux: a correct count is reported as a race",
            .enabled(if: isUnderThreadSanitizer, "needs swift test --sanitize=thread"))
        func mutexIsInvisible() async throws {
            let run = try await probe("mutex")
            #expect(run.output.contains("total 20002 of 20002"))
            #expect(run.report)
        }
    #endif
}
