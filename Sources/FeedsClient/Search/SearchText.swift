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

    /// `text` as search compares it: lower case, without the separators of the index (U+001E,
    /// U+001F), which become spaces.
    static func fold(_ text: String) -> String {
        let lowered = text.lowercased()
        guard lowered.utf8.contains(where: { $0 == 0x1E || $0 == 0x1F }) else { return lowered }
        return String(lowered.unicodeScalars.map { $0 == "\u{1E}" || $0 == "\u{1F}" ? " " : Character($0) })
    }

    /// Calls `body` with the id and text of every record of a feed's index (see
    /// ``FeedStore/searchIndex(of:_:)``), in order.
    static func forEachRecord(in index: String, _ body: (String, String) -> Void) {
        var index = index
        index.withUTF8 { bytes in
            forEachRecord(in: bytes) { id, text in
                body(String(decoding: id, as: UTF8.self), String(decoding: text, as: UTF8.self))
            }
        }
    }

    /// Calls `body` with the id and text of every record of an index's UTF-8 bytes, without copying.
    static func forEachRecord(
        in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var start = 0
        while start < bytes.count {
            guard let end = bytes[start...].firstIndex(of: 0x1E) else { return }
            let record = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if let separator = record.firstIndex(of: 0x1F) {
                body(
                    UnsafeBufferPointer(rebasing: record[..<separator]),
                    UnsafeBufferPointer(rebasing: record[(separator + 1)...]))
            }
            start = end + 1
        }
    }

    /// The words of a query, folded: split at white space, empty ones dropped.
    static func terms(of query: String) -> [[UInt8]] {
        fold(query).split(whereSeparator: \.isWhitespace).map { Array($0.utf8) }
    }

    /// Whether `text` (folded) holds every one of `terms`.
    static func matches(_ text: UnsafeBufferPointer<UInt8>, terms: [[UInt8]]) -> Bool {
        terms.allSatisfy { term in term.withUnsafeBufferPointer { contains(text, $0) } }
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
