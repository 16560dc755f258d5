import BasicCLI
import Foundation

/// `bsl`: the command-line face of BasicServices.
@main
struct BSL: AsyncParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "bsl",
        abstract:
            "BasicServices on the command line: cnblogs and feeds to read, JSON, XML, layouts, money and time, "
            + "routes, caches, a store, HTTP.",
        discussion: "A command's options may come before or after its arguments, and a group's options "
            + "(bsl kv --db FILE …, bsl cnblogs --replay DIR …) before or after the command's name. "
            + "`bsl --generate-completion-script bash|zsh|fish` prints a completion script.",
        version: version,
        subcommands: [
            JSONCommands.self, LayoutCommands.self, MoneyCommand.self, TimeCommand.self, RouteCommand.self,
            CacheCommands.self, KVCommands.self, HTTPCommands.self, BudejieCommands.self, XMLCommands.self,
            FeedCommand.self, CnblogsCommands.self, FeedsCommands.self, ReaderCommand.self,
        ])

    /// Runs the command line, then removes the empty folders the run made (``FolderLeftovers``).
    static func main() async {
        let leftovers = FolderLeftovers.watch()
        let outcome = await execute(Array(CommandLine.arguments.dropFirst()))
        leftovers.removeEmptyFolders()
        outcome.finish()
    }
}
