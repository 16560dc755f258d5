import Foundation
import TestSupport
import Testing

/// The umbrella `BasicServices` re-exports every library product of Package.swift but the clients,
/// the reader and the two libraries for programs that run in a terminal (ARCHITECTURE.md's row),
/// so that a new library is either re-exported or left out on purpose.
@Suite struct UmbrellaExportsTests {
    /// Products that `import BasicServices` does not bring, each for a reason ARCHITECTURE.md gives.
    static let leftOut: Set<String> = [
        "BasicServices",  // the umbrella itself
        "BasicCLI", "BasicTerminal",  // for programs that run in a terminal, which an app is not
        "BudejieClient", "CnblogsClient", "FeedsClient", "ReaderApp",  // imported by name
    ]

    static func matches(of pattern: String, in file: String) throws -> Set<String> {
        let text = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent(file), encoding: .utf8)
        let expression = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        let range = NSRange(text.startIndex..., in: text)
        return Set(
            expression.matches(in: text, range: range).compactMap { match in
                Range(match.range(at: 1), in: text).map { String(text[$0]) }
            })
    }

    @Test("import BasicServices re-exports every library product but those left out on purpose")
    func reExportsEveryLibrary() throws {
        let libraries = try Self.matches(of: #"\.library\(name: "(\w+)""#, in: "Package.swift")
        let exported = try Self.matches(
            of: #"^@_exported import (\w+)"#, in: "Sources/BasicServices/BasicServices.swift")
        #expect(libraries.contains("BasicTerminal"))
        #expect(exported == libraries.subtracting(Self.leftOut))
    }
}
