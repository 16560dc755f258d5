import CnblogsClient

/// The article screen: its entry (the header, shown at once), the body when it has come, wrapped
/// to the terminal's width, and the first line shown.
struct ArticlePager: Hashable, Sendable {
    enum Phase: Hashable, Sendable {
        case loading(RequestID)
        case loaded(Article)
        case failed(String)
    }

    var entry: ReaderEntry
    var phase: Phase
    /// The body's lines at ``wrapWidth``.
    var lines: [String] = []
    var wrapWidth = 0
    var top = 0
    /// The comments, while they are shown over the body (`c`).
    var comments: CommentsPane?

    /// The article, once it has come.
    var article: Article? {
        if case .loaded(let article) = phase { return article }
        return nil
    }

    /// The requests it waits for: the body's and the comments'.
    var requests: [RequestID] {
        [loadingRequest, comments?.loadingRequest].compactMap { $0 }
    }

    /// The request it waits for.
    var loadingRequest: RequestID? {
        if case .loading(let id) = phase { return id }
        return nil
    }

    /// Wraps the body to `width` columns (again, when the width changed), keeping the same
    /// share of the article above the first line shown.
    mutating func wrap(width: Int) {
        guard case .loaded(let article) = phase, width != wrapWidth else { return }
        let share = lines.isEmpty ? 0 : Double(top) / Double(lines.count)
        lines = TerminalText.render(html: article.html, width: width, base: article.link ?? entry.link)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        wrapWidth = width
        top = Int(share * Double(lines.count))
    }

    /// Scrolls by `delta` lines, within the body, for a body `height` rows high.
    mutating func scroll(by delta: Int, height: Int) {
        scroll(to: top + delta, height: height)
    }

    /// Scrolls to `line`, within the body.
    mutating func scroll(to line: Int, height: Int) {
        top = max(0, min(line, max(lines.count - max(height, 1), 0)))
    }
}
