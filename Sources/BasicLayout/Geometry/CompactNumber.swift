import Foundation

/// Formats numbers compactly and deterministically for SVG output and error messages.
///
/// A number is rounded to at most four decimals, its trailing zeros (and a trailing point) are trimmed,
/// and negative zero prints as `0`: `1.50000` → `1.5`, `-0.00001` → `0`, `93.75` → `93.75`.
/// Non-finite numbers print as `0`, since SVG has no spelling for them; the layouts validate their input,
/// so they only produce finite numbers.
enum CompactNumber {
    /// The number of decimals kept.
    static let decimals = 4

    /// Returns `value` rounded to four decimals with trailing zeros trimmed and no `-0`.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        if text == "-0" { text = "0" }
        return text
    }

    /// Returns `value` rounded to four decimals with trailing zeros trimmed and no `-0`.
    static func format(_ value: CGFloat) -> String {
        format(Double(value))
    }
}
