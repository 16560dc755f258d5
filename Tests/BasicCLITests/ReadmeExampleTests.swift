import BasicCLI
import Testing

/// README.md's BasicCLI example, as written there (inside a namespace, the fixture tool having a
/// `Recommend` of its own): if this breaks, so does the README.
enum ReadmeExample {
    struct Recommend: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "recommend", abstract: "List the most recommended posts of ten days.")

        @Option(help: "How many entries, 1 to 100.") var size = 10  // help adds (default: 10)
        @Flag(name: .shortAndLong, help: "Print JSON.") var json = false

        func validate() throws {
            guard (1...100).contains(size) else { throw ValidationError("--size takes 1 to 100, not \(size)") }
        }

        func run() async throws { print("size \(size), json \(json)") }
    }
}

@Suite struct BasicCLIReadmeExampleTests {
    @Test("the README's command runs, refuses a size past 100 in validate(), and adds the default to its help")
    func example() async throws {
        #expect(await ReadmeExample.Recommend.execute(["--size", "20", "-j"]).status == 0)
        let refused = await ReadmeExample.Recommend.execute(["--size", "500"], columns: 80)
        #expect(refused.status == 64)
        #expect(
            refused.errorOutput.hasPrefix(
                "Error: --size takes 1 to 100, not 500\nUsage: recommend [--size <size>] [--json]"))
        let help = try #require(ReadmeExample.Recommend.helpMessage())
        #expect(help.contains("--size <size>"))
        #expect(help.contains("How many entries, 1 to 100. (default: 10)"))
        #expect(help.contains("-j, --json"))
    }
}
