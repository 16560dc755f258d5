import BasicXML
import Foundation

// `memchr` and `memcmp` are in Glibc on Linux and Darwin on Apple platforms (see Platform.swift).
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The text search looks in, folded once when an item is stored: lower case, one line, no markup.
enum SearchText {
    /// The folded text of an item: its title, summary and body.
    static func folded(title: String, summary: String, bodyText: String?) -> String {
        var text = title + "\n" + summary
        if let bodyText, !bodyText.isEmpty, bodyText != summary { text += "\n" + bodyText }
        return fold(text)
    }

    /// `text` as search compares it: lower case.
    static func fold(_ text: String) -> String {
        text.lowercased()
    }

    /// The words of a query, folded: split at white space, empty ones dropped.
    static func terms(of query: String) -> [[UInt8]] {
        fold(query).split(whereSeparator: \.isWhitespace).map { Array($0.utf8) }
    }

    /// Whether `text` (folded) holds every one of `terms`.
    static func matches(_ text: String, terms: [[UInt8]]) -> Bool {
        var text = text
        return text.withUTF8 { haystack in
            terms.allSatisfy { term in
                term.withUnsafeBufferPointer { contains(haystack, $0) }
            }
        }
    }

    /// Whether `haystack` holds `needle`: `memchr` finds each candidate first byte, `memcmp` the rest.
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let needleBase = needle.baseAddress, !needle.isEmpty else { return true }
        guard let base = haystack.baseAddress, haystack.count >= needle.count else { return false }
        let first = Int32(needleBase.pointee)
        let last = base + (haystack.count - needle.count)
        var cursor = base
        while cursor <= last {
            guard let found = memchr(cursor, first, last - cursor + 1) else { return false }
            let candidate = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
            if memcmp(candidate, needleBase, needle.count) == 0 { return true }
            cursor = candidate + 1
        }
        return false
    }
}
