import Foundation
import TestSupport
import Testing

/// `Scripts/check-availability.py`, the Linux check of Apple availability: on fixture packages
/// whose one source file uses an API newer than the declared minimums, with and without a guard,
/// and on this package itself.
@Suite struct AvailabilityCheckTests {
    static let script = TestPaths.packageRoot.appendingPathComponent("Scripts/check-availability.py")
    static let minimums = "platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],"

    /// A fixture package with `source` as its only file; the check's status and output.
    static func check(_ source: String, platforms: String = minimums) async throws -> ProcessResult {
        let folder = try TemporaryDirectory(prefix: "availability")
        let package =
            "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(\n"
            + "    name: \"Fixture\",\n    \(platforms)\n    targets: [.target(name: \"Fixture\")]\n)\n"
        try Data(package.utf8).write(to: folder.path("Package.swift"))
        let sources = folder.path("Sources/Fixture")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try Data(source.utf8).write(to: sources.appendingPathComponent("Use.swift"))
        return try await ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, "--package", folder.url.path])
    }

    static let start = "func start() { Task.immediate { print(1) } }"

    static let guarded = """
        func start() {
            if #available(macOS 26, iOS 26, watchOS 26, tvOS 26, visionOS 26, *) {
                Task.immediate { print(1) }
            } else {
                Task { print(1) }
            }
        }
        """
    /// The else branch of the check has only the minimums.
    static let elseBranch = """
        func start() {
            if #available(macOS 26, iOS 26, watchOS 26, tvOS 26, visionOS 26, *) {
                Task { print(1) }
            } else {
                Task.immediate { print(1) }
            }
        }
        """
    static let guardStatement = """
        func start() {
            guard #available(macOS 26, iOS 26, watchOS 26, tvOS 26, visionOS 26, *) else {
                return
            }
            Task.immediate { print(1) }
        }
        """
    /// Only iOS raised: the other platforms still lack it.
    static let iOSOnly = """
        func start() {
            if #available(iOS 26, *) {
                Task.immediate { print(1) }
            }
        }
        """
    static let attribute = """
        @available(macOS 26, iOS 26, watchOS 26, tvOS 26, visionOS 26, *)
        func start() {
            Task.immediate { print(1) }
        }
        """
    static let cases: [(source: String, passes: Bool)] = [
        (start, false),
        ("func start() {\n    Task.immediate {\n        print(1)\n    }\n}", false),
        (guarded, true),
        (elseBranch, false),
        (guardStatement, true),
        (iOSOnly, false),
        (attribute, true),
        ("#if os(Linux)\n\(start)\n#endif", true),
        ("#if canImport(Glibc)\n\(start)\n#else\nfunc start() {}\n#endif", true),
        ("#if canImport(Darwin)\n\(start)\n#endif", false),
        ("#if BASIC_SOME_FLAG\n\(start)\n#endif", true),
        ("// Task.immediate { }\nlet text = \"Task.immediate\"\n/* Task.immediate */", true),
        ("let text = #\"\"\"\n  Task.immediate\n  \"\"\"#", true),
        ("import Synchronization\nlet lock = Mutex(0)", true),  // iOS 18 is the minimum here
        ("func tick() async throws { try await Task.sleep(for: .seconds(1)) }", true),
    ]

    @Test("a use newer than the minimums fails the check, and the same use inside a check passes", arguments: cases)
    func fixture(source: String, passes: Bool) async throws {
        let result = try await Self.check(source)
        #expect(result.status == (passes ? 0 : 1), "\(result.standardOutput)\(result.standardError)")
        if !passes {
            #expect(result.standardOutput.contains("Sources/Fixture/Use.swift:"))
            #expect(result.standardOutput.contains("Task.immediate needs macOS 26"))
        }
    }

    @Test("lower minimums make older APIs count too: Mutex, Duration, Foundation's formatted() and .gmt")
    func lowerMinimums() async throws {
        let source = """
            import Foundation
            import Synchronization
            let lock = Mutex(0)
            let delay = Duration.seconds(1)
            let text = 12.formatted()
            let china = TimeZone(identifier: "Asia/Shanghai") ?? .gmt
            """
        let result = try await Self.check(source, platforms: "platforms: [.macOS(.v11), .iOS(.v14)],")
        #expect(result.status == 1)
        for what in [
            "Mutex needs macOS 15", "Duration.seconds needs macOS 13", "`formatted(_:)` needs macOS 12",
            "Use.swift:6: TimeZone.gmt needs macOS 13",
        ] {
            #expect(result.standardOutput.contains(what), "\(result.standardOutput)")
        }
        // A type of the package's own with a standard library name shadows it.
        let own = try await Self.check(
            "struct Mutex<Value> {}\nlet lock = Mutex<Int>()", platforms: "platforms: [.iOS(.v15)],")
        #expect(own.status == 0, "\(own.standardOutput)")
    }

    @Test("a package without platforms is an error that says what to declare")
    func noPlatforms() async throws {
        let result = try await Self.check(Self.start, platforms: "")
        #expect(result.status != 0)
        #expect(result.standardError.contains("declares no `platforms:`"))
    }

    @Test("this package uses nothing newer than the minimums it declares outside a check")
    func thisPackage() async throws {
        let result = try await ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", Self.script.path, "--package", TestPaths.packageRoot.path],
            // About 3 s alone; under the ThreadSanitizer pass, beside every other suite on two
            // cores, it was seen to pass 60 s.
            timeout: 300)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    }
}
