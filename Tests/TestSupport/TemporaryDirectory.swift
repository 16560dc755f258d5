import Foundation

/// A folder of its own for one test, removed when the value goes away.
///
/// ```swift
/// let folder = try TemporaryDirectory()
/// let file = folder.url.appendingPathComponent("store.sqlite")
/// ```
public final class TemporaryDirectory: Sendable {
    /// The folder.
    public let url: URL

    /// Creates a new, empty folder under the system's temporary folder.
    ///
    /// - Throws: the file system's error when the folder cannot be made.
    public init(prefix: String = "BasicServicesTests") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the folder.
    public func path(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
