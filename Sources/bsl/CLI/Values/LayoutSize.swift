import BasicCLI
import Foundation

/// A size written `WIDTHxHEIGHT` (`375x667`), two finite numbers, for the layout commands.
struct LayoutSize: ExpressibleByArgument, Sendable {
    let width: Double
    let height: Double

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]), width.isFinite,
            height.isFinite
        else { return nil }
        self.width = width
        self.height = height
    }

    static var valueDescription: String { "a size written WIDTHxHEIGHT, such as 375x667" }

    static var defaultCompletionKind: CompletionKind { .nothing }

    var size: CGSize { CGSize(width: width, height: height) }
}
