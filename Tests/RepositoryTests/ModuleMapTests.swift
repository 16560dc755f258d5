import Foundation
import TestSupport
import Testing

/// `Scripts/check-imports.py`, the module map checked: on fixture packages that break one rule
/// each, and on this package against its ARCHITECTURE.md.
@Suite struct ModuleMapTests {
    static let script = TestPaths.packageRoot.appendingPathComponent("Scripts/check-imports.py")

    static let map = """
        # Fixture

        | module | holds | may import |
        |---|---|---|
        | `Low` | the bottom | — |
        | `High` | the top | `Low` |
        """

    /// A package of two libraries, `Low` and `High`, with the given sources and dependencies.
    static func check(
        map: String = map, low: String = "public let low = 1\n", high: String = "import Low\npublic let high = low\n",
        highDependencies: String = "[\"Low\"]", extraTarget: String = ""
    ) async throws -> ProcessResult {
        let folder = try TemporaryDirectory(prefix: "module-map")
        let package = """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "Fixture",
                targets: [
                    .target(name: "Low"),
                    .target(name: "High", dependencies: \(highDependencies)),\(extraTarget)
                ]
            )

            """
        try Data(package.utf8).write(to: folder.path("Package.swift"))
        try Data(map.utf8).write(to: folder.path("ARCHITECTURE.md"))
        var sources = [("Low", low), ("High", high)]
        if !extraTarget.isEmpty { sources.append(("Extra", "public let extra = 3\n")) }
        for (name, source) in sources {
            let folderURL = folder.path("Sources/\(name)")
            try FileManager.default.createDirectory(at: folderURL, withIntermediateDirectories: true)
            try Data(source.utf8).write(to: folderURL.appendingPathComponent("\(name).swift"))
        }
        return try await ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, "--package", folder.url.path])
    }

    @Test("a package that follows its map passes")
    func follows() async throws {
        let result = try await Self.check()
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("module map: 2 targets follow ARCHITECTURE.md"))
    }

    @Test(
        "each way of leaving the map is reported with the place and what to do",
        arguments: [
            // An arrow pointing up: the low module imports the high one.
            ("low", "import High\npublic let low = 1\n", "Sources/Low/Low.swift:1: Low imports High"),
            // A toolchain module the row does not list.
            ("low", "import FoundationXML\npublic let low = 1\n", "Low imports FoundationXML"),
            // Behind attributes and in the middle of the file.
            ("low", "let a = 1\n@preconcurrency import High\n", "Sources/Low/Low.swift:2: Low imports High"),
        ])
    func leaves(module: String, source: String, expected: String) async throws {
        let result = try await Self.check(low: source)
        #expect(result.status == 1)
        #expect(result.standardOutput.contains(expected), "\(result.standardOutput)")
    }

    @Test("an import reached only through another module's re-export is reported")
    func undeclaredDependency() async throws {
        let result = try await Self.check(highDependencies: "[]")
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("which Package.swift does not list among High's dependencies"))
    }

    @Test("a target without a row, and a dependency the map does not allow, are reported")
    func missingRowAndDependency() async throws {
        let noRow = try await Self.check(extraTarget: "\n        .target(name: \"Extra\"),")
        #expect(noRow.status == 1)
        #expect(noRow.standardOutput.contains("ARCHITECTURE.md has no row for the target `Extra`"))
        let map = Self.map.replacingOccurrences(of: "| `High` | the top | `Low` |", with: "| `High` | the top | — |")
        let dependency = try await Self.check(map: map, high: "public let high = 2\n")
        #expect(dependency.status == 1)
        #expect(
            dependency.standardOutput.contains("Package.swift: High depends on Low"), "\(dependency.standardOutput)")
    }

    @Test("a bare Mutex in a target without its own typealias is reported; with one, in a comment or string, not")
    func bareMutex() async throws {
        let bare = try await Self.check(low: "import Synchronization\nlet total = 1\nlet lock = Mutex(0)\n")
        #expect(bare.status == 1)
        #expect(
            bare.standardOutput.contains("Sources/Low/Low.swift:3: Low takes Synchronization.Mutex"),
            "\(bare.standardOutput)")
        let own = try await Self.check(
            low: "import Synchronization\ntypealias Mutex<Value: ~Copyable> = Synchronization.Mutex<Value>\n"
                + "let lock = Mutex<Int>(0)\n")
        #expect(own.status == 0, "\(own.standardOutput)")
        let named = try await Self.check(
            low: "import Synchronization\n// Mutex(0)\nlet text = \"Mutex(0)\"\nlet lock = Synchronization.Mutex(0)\n")
        #expect(named.status == 0, "\(named.standardOutput)")
    }

    @Test("an import in a comment is not an import")
    func comments() async throws {
        let result = try await Self.check(low: "// import High\n/* import High\n */\npublic let low = 1\n")
        #expect(result.status == 0, "\(result.standardOutput)")
    }

    @Test("this package follows ARCHITECTURE.md")
    func thisPackage() async throws {
        let result = try await ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", Self.script.path, "--package", TestPaths.packageRoot.path],
            timeout: 120)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    }
}
