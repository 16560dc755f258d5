import Foundation

/// `bsl`: the command-line face of BasicServices.
@main
struct BSL: CommandGroup {
    static let version = "0.1.0"

    static let spec = CommandSpec(
        name: "bsl",
        abstract: "BasicServices on the command line: JSON, layouts, money and time, routes, caches, a store, HTTP.",
        subcommands: [
            JSONCommands.self, LayoutCommands.self, MoneyCommand.self, TimeCommand.self, RouteCommand.self,
            CacheCommands.self, KVCommands.self, HTTPCommands.self, BudejieCommands.self, XMLCommands.self,
            FeedCommand.self, CnblogsCommands.self,
        ])

    static func main() async {
        let runner = CommandRunner(root: BSL.self, version: version)
        let status = await runner.run(Array(CommandLine.arguments.dropFirst()))
        exit(status)
    }
}
