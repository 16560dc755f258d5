import BasicFormat
import CnblogsClient
import Foundation

/// An article's comments, over its body (`c`): loading, the comments wrapped to the terminal's
/// width, or why they could not be read.
struct CommentsPane: Hashable, Sendable {
    enum Phase: Hashable, Sendable {
        case loading(RequestID)
        case loaded([Comment])
        case failed(String)
    }

    var phase: Phase
    /// The comments' lines at ``wrapWidth``.
    var lines: [String] = []
    var wrapWidth = 0
    var top = 0

    /// The request it waits for.
    // Not inlined: inlined into the model's key handlers, Swift 6.3.1's optimiser (CopyPropagation)
    // fails its ownership check and crashes in release builds.
    @inline(never) var loadingRequest: RequestID? {
        if case .loading(let id) = phase { return id }
        return nil
    }

    /// How many comments came.
    var count: Int? {
        if case .loaded(let comments) = phase { return comments.count }
        return nil
    }

    /// Wraps the comments to `width` columns (again, when the width changed): each as its number,
    /// author and time on a line, then its text, then a blank line.
    mutating func wrap(width: Int, timeFormatter: TimeFormatter) {
        guard case .loaded(let comments) = phase, width != wrapWidth else { return }
        var lines: [String] = []
        for (index, comment) in comments.enumerated() {
            let time = timeFormatter.relativeString(for: comment.published)
            let heading = "#\(index + 1) \(TerminalText.printable(comment.authorName)) · \(time)"
            lines.append(TextWidth.truncated(heading, toColumns: width))
            lines += TerminalText.render(html: comment.html, width: width, base: nil)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            lines.append("")
        }
        self.lines = lines
        wrapWidth = width
        top = min(top, max(lines.count - 1, 0))
    }

    /// Scrolls to `line`, within the comments, for a pane `height` rows high.
    mutating func scroll(to line: Int, height: Int) {
        top = max(0, min(line, max(lines.count - max(height, 1), 0)))
    }
}
