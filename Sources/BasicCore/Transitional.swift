import Foundation

// Forwarders that keep callers written against the old spellings compiling while bsl and
// FeedsClient move to the new ones. The lead deletes this file after the merges.

extension JSONValue {
    // Transitional: remove once bsl and FeedsClient call init(parsing:) throws(JSONParseError).
    // Swift 6.3.1 crashes (SIL ownership verifier) compiling `catch let error as JSONParseError { … }`
    // with a closure in its body once the call throws typed, as bsl's JSONCommands does today; this
    // untyped overload for `Data`, more specific than `some ContiguousBytes`, keeps that caller building.
    /// Parses a JSON document held in `Data`; see the `some ContiguousBytes` form.
    ///
    /// - Throws: ``JSONParseError``.
    public init(parsing data: Data) throws {
        self = try Self.parsed(data)
    }
}
