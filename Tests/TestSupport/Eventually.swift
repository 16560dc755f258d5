import Foundation

/// Polls `condition` every 5 ms until it holds, for at most `timeout` seconds: whether it came
/// to hold. A bound for a failure, not a speed: 45 s (below the test server's 60 s hold), for a
/// loaded machine (ThreadSanitizer beside other builds on two cores took over 10 s to start 20
/// requests).
public func eventually(timeout: TimeInterval = 45, _ condition: () async throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
    while try await !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try await Task.sleep(for: .milliseconds(5))
    }
    return true
}
