import BasicNetworking
import BudejieClient
import Foundation
import TestSupport
import Testing

/// README.md's BudejieClient example (from the package root): if this breaks, so does the README.
@Suite struct BudejieReadmeExampleTests {
    @Test("the README's BudejieClient example works as written")
    func readme() async throws {
        let cassette = TestPaths.packageRoot.appendingPathComponent("Samples/budejie")
        let client = BudejieClient(transport: try ReplayTransport(cassette: cassette))
        var lines: [String] = []
        for square in try await client.squares() {
            lines.append("\(square.name) \(square.link.kindName) \(square.url)")
        }
        #expect(lines.first == "审帖 native mod://BDJ_To_Check")
    }
}
