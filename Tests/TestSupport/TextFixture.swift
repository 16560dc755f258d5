import Foundation

/// Text fixtures (swift-snapshot-testing's idea, in a few lines): `actual` is compared with a
/// fixture file. With `BSL_RECORD_FIXTURES=1` the fixture is written instead, and the check
/// fails so that a recording is never taken for a pass.
public enum TextFixture {
    /// Nil when `actual` is the fixture at `url`; otherwise what went wrong, to record as an issue.
    public static func mismatch(_ actual: String, fixture url: URL) -> String? {
        if ProcessInfo.processInfo.environment["BSL_RECORD_FIXTURES"] == "1" {
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            return "recorded \(url.path); run again without BSL_RECORD_FIXTURES"
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            return "no fixture \(url.path); record it with BSL_RECORD_FIXTURES=1"
        }
        return actual == expected ? nil : "\(url.lastPathComponent) differs; it is now:\n\(actual)"
    }
}
