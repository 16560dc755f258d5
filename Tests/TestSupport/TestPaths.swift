import Foundation

/// Where the test files live, found from this source file's own path.
public enum TestPaths {
    /// The package's `Tests` folder.
    public static let testsFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests

    /// The package's root folder.
    public static let packageRoot = testsFolder.deletingLastPathComponent()

    /// A fixture of a test target: `Tests/<target>/Fixtures/<name>`.
    public static func fixture(_ name: String, target: String) -> URL {
        testsFolder.appendingPathComponent(target).appendingPathComponent("Fixtures").appendingPathComponent(name)
    }

    /// The contents of a fixture of a test target.
    ///
    /// - Throws: ``TestSupportError`` naming the fixture when it cannot be read.
    public static func fixtureData(_ name: String, target: String) throws -> Data {
        let url = fixture(name, target: target)
        do {
            return try Data(contentsOf: url)
        } catch {
            throw TestSupportError("cannot read the fixture \(url.path): \(error)")
        }
    }

    /// A product that `swift build` made, such as the `bsl` executable.
    public static func builtProduct(_ name: String) -> URL {
        // Tests run from the build folder (…/debug/BasicServicesPackageTests.xctest), which
        // holds the executables too.
        Bundle.main.bundleURL.appendingPathComponent(name)
    }
}

/// A failure in the test support code itself, with what to do about it.
public struct TestSupportError: Error, CustomStringConvertible, Sendable {
    /// The message.
    public let description: String

    /// Creates an error with a message.
    public init(_ description: String) {
        self.description = description
    }
}
