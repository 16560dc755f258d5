import BasicCLI
import BasicFormat
import FeedsClient
import Foundation

/// `bsl feeds refresh [FEED…] [--force]`: every due feed at once, with conditional GET.
struct FeedsRefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Refresh every due feed, or the feeds named, all at once.",
        discussion: """
            Feeds are fetched together, at most 4 requests to a host and 16 in all, with If-None-Match and \
            If-Modified-Since from the last answer (a 304 changes nothing). A feed is due unless you set a \
            minimum interval for it (feeds set FEED --min-interval 30m) or its server asked to wait \
            (Cache-Control: max-age, Retry-After); --force refreshes it anyway. A permanent redirect (301, 308) \
            moves the subscription; a temporary one does not. On a terminal a progress line (refreshed 37/200, \
            3 failed) is drawn on standard error. At the end a summary goes to standard output and one line per \
            failed feed, with its reason, to standard error; a failed feed keeps its items, and its error (in \
            feeds list) until it next succeeds. Exit status: 0 when no feed failed, 1 when any did (or the \
            library cannot be used), 64 for a usage error.
            """)

    @Argument(help: ArgumentHelp("The feeds to refresh, by URL or id; none for every feed.", valueName: "feed"))
    var feeds: [String] = []
    @Flag(help: "Refresh the feeds that are not due too.") var force = false
    @OptionGroup(title: "Feeds options") var options: FeedsOptions

    func run() async throws {
        let terminal = Terminal()
        let subscriptions = try FeedsLibrary.open(options.libraryFolder, network: true)
        var progress: (@Sendable (RefreshProgress) -> Void)?
        if terminal.isErrorTerminal {
            progress = { (state: RefreshProgress) in Self.draw(state.description) }
        }
        let (feeds, force, report) = (feeds, force, progress)
        let summary = try await FeedsLibrary.run { () async throws(FeedsError) -> RefreshSummary in
            try await subscriptions.refresh(feeds, force: force, progress: report)
        }
        if progress != nil { Self.draw(nil) }
        terminal.print(summary.description)
        for result in summary.results {
            if let moved = result.movedTo {
                terminal.printError(
                    "moved: \(PrintableText.oneLine(result.title)) redirects permanently to \(moved.absoluteString)")
            }
        }
        let failures = summary.failures
        for failure in failures {
            terminal.printError("failed: \(PrintableText.oneLine(failure.description))")
        }
        guard failures.isEmpty else {
            let count = failures.count == 1 ? "1 feed" : "\(failures.count) feeds"
            throw CommandFailure(
                "\(count) of \(summary.results.count) failed (listed above with the reason); "
                    + "each keeps its items, and `bsl feeds list` shows its error until it next refreshes")
        }
    }

    /// Draws `line` over the progress line on standard error; nil clears it.
    private static func draw(_ line: String?) {
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + (line ?? "")).utf8))
    }
}
