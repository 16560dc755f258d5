import BasicCLI
import BasicFormat
import FeedsClient
import Foundation

/// `bsl feeds import FILE.opml`: subscriptions from another reader, all or nothing.
struct FeedsImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Subscribe to the feeds of an OPML file (OPML 1.0, 1.1, 2.0), all or nothing.",
        discussion: """
            Outlines with an xmlUrl are feeds, the outlines around them folders (Parent/Child). Feeds subscribed \
            already, or listed twice, are reported on standard error and left as they are. An entry whose \
            address is not http or https (javascript:, file:, data:…) refuses the whole file, listing each such \
            entry; nothing is imported then. The feeds are not fetched: their items come with the next refresh. \
            FILE '-' reads standard input.
            """)

    @Argument(
        help: ArgumentHelp("The OPML file; '-' reads standard input.", valueName: "file"),
        completion: .file(extensions: ["opml", "xml"]))
    var file: String
    @OptionGroup(title: "Feeds options") var options: FeedsOptions

    func run() async throws {
        let terminal = Terminal()
        let data = try terminal.readInput(file)
        // Read and checked before the library is opened: a file that cannot be imported makes no library.
        let document = try FeedsLibrary.check { () throws(FeedsError) in
            let document = try OPMLDocument(parsing: data)
            try Subscriptions.check(document.entries)
            return document
        }
        let subscriptions = try FeedsLibrary.open(options.libraryFolder, creating: true)
        let report = try await FeedsLibrary.run { () throws(FeedsError) in try subscriptions.add(document.entries) }
        for entry in report.duplicates {
            terminal.printError("subscribed already: \(PrintableText.oneLine(entry.description))")
        }
        var line = "imported \(report.added.count) " + (report.added.count == 1 ? "feed" : "feeds")
        if !report.duplicates.isEmpty {
            line += ", \(report.duplicates.count) subscribed already"
        }
        terminal.print(report.added.isEmpty ? line : line + "; `bsl feeds refresh` fetches their items")
    }
}

/// `bsl feeds export [FILE]`: the subscriptions as OPML 2.0.
struct FeedsExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the subscriptions as OPML 2.0, with their titles, folders and sites.",
        discussion:
            "Without FILE (or with '-') the OPML goes to standard output. Importing it gives the same subscriptions.")

    @Argument(
        help: ArgumentHelp("Where to write it; '-' or none for standard output.", valueName: "file"),
        completion: .file(extensions: ["opml"]))
    var file: String?
    @OptionGroup(title: "Feeds options") var options: FeedsOptions

    func run() async throws {
        let terminal = Terminal()
        let subscriptions = try FeedsLibrary.openForReading(options.libraryFolder)
        let document = try await FeedsLibrary.run { () throws(FeedsError) in
            try subscriptions?.exportOPML() ?? OPMLDocument(title: "Subscriptions", entries: [])
        }
        guard let file, file != "-" else { return terminal.write(document.data) }
        do {
            try document.data.write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            throw CommandFailure(oneLine: "cannot write \(file): \(error.localizedDescription)")
        }
        let count = document.entries.count
        terminal.printError("wrote \(file): \(count) " + (count == 1 ? "feed" : "feeds"))
    }
}
