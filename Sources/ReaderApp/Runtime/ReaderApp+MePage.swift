import BasicCache
import Foundation

extension ReaderApp {
    /// The task that performs one of the 我的 tab's effects (the squares, measuring, clearing),
    /// answering through `continuation`; nil for other effects.
    func mePageTask(
        for effect: ReaderEffect, answering continuation: AsyncStream<ReaderEvent?>.Continuation
    ) -> Task<Void, Never>? {
        let source = source
        switch effect {
        case .loadSquares(let id):
            return Task {
                let result = await source.squares()
                continuation.yield(.squaresLoaded(id, result))
            }
        case .measureCache(let id):
            return Task {
                let result = await source.measureCaches()
                // Cancelled (the tab was left): nobody waits for the answer.
                guard !Task.isCancelled else { return }
                continuation.yield(.cache(id, .measured(result)))
            }
        case .clearCache(let id):
            return Task {
                let result = await source.clearCaches { folder, progress in
                    continuation.yield(.cache(id, .clearing(folder, done: progress.done, total: progress.total)))
                }
                continuation.yield(.cache(id, .cleared(result)))
            }
        default:
            return nil
        }
    }

    /// Opens `url` in the browser, answering through `continuation` only when it cannot.
    func openInBrowser(_ url: URL, answering continuation: AsyncStream<ReaderEvent?>.Continuation) {
        if let failure = BrowserLauncher.open(url) { continuation.yield(.linkNotOpened(url, failure)) }
    }

    /// The spinner's clock: a task that sends ``ReaderEvent/tick`` every 120 ms while `animating`,
    /// started when it is needed and cancelled when it is not.
    static func ticker(
        _ current: Task<Void, Never>?, animating: Bool, answering continuation: AsyncStream<ReaderEvent?>.Continuation
    ) -> Task<Void, Never>? {
        guard animating else {
            current?.cancel()
            return nil
        }
        if let current { return current }
        return Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(120))
                guard !Task.isCancelled else { return }
                continuation.yield(.tick)
            }
        }
    }
}
