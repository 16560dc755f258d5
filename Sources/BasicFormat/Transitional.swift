import Foundation

// Forwarders that keep callers written against the old forms compiling while bsl and FeedsClient
// move to the new ones. The lead deletes this file after the merges.
//
// Why they exist although typed throws is otherwise source-compatible: Swift 6.3.1 infers a
// `do` block's error type from a typed-throws call, so a caller's `catch let error as FormatError`
// becomes an always-true cast, and in an initializer that goes on after the `do` (bsl's
// MoneyCommand and TimeCommand today) the SIL ownership verifier crashes the compiler. Each
// untyped overload takes a `String`, more specific than the new `some StringProtocol`, so that
// those callers keep the untyped form until they catch with a plain `catch`.

extension Money {
    // Transitional: remove once bsl and FeedsClient call parse(_:) throws(FormatError).
    /// Parses an amount; see the `some StringProtocol` form.
    ///
    /// - Throws: ``FormatError``.
    public static func parse(_ text: String) throws -> Decimal {
        try parsedAmount(text)
    }
}

extension TimeParser {
    // Transitional: remove once bsl and FeedsClient call date(from:) throws(FormatError).
    /// The moment `text` names; see the `some StringProtocol` form.
    ///
    /// - Throws: ``FormatError``.
    public func date(from text: String) throws -> Date {
        try parsedDate(text)
    }
}
