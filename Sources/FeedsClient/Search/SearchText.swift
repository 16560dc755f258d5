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
        var text = title + " " + summary
        if let bodyText, !bodyText.isEmpty, bodyText != summary { text += " " + bodyText }
        return fold(text)
    }

    /// The end of a record of the index: a private-use character that folding removes from the text.
    static let recordEnd: Unicode.Scalar = "\u{E000}"

    /// `text` as search compares it: lower case, with the characters JSON would escape (`"`, `\`,
    /// control characters) and the index's record end as spaces, so that the index is one JSON
    /// string without escapes, which reads back fastest.
    static func fold(_ text: String) -> String {
        let lowered = text.lowercased()
        guard lowered.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xEE }) else {
            return lowered
        }
        var result = ""
        result.unicodeScalars.reserveCapacity(lowered.unicodeScalars.count)
        for scalar in lowered.unicodeScalars {
            let isReplaced = scalar.value < 0x20 || scalar == "\"" || scalar == "\\" || scalar == recordEnd
            result.unicodeScalars.append(isReplaced ? " " : scalar)
        }
        return result
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
        // U+E000 is EE 80 80 in UTF-8; an id never holds a space, the text follows the first one.
        guard let base = bytes.baseAddress else { return }
        var start = 0
        var cursor = 0
        while cursor + 2 < bytes.count {
            guard let found = memchr(base + cursor, 0xEE, bytes.count - cursor) else { return }
            cursor = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
            guard cursor + 2 < bytes.count, bytes[cursor + 1] == 0x80, bytes[cursor + 2] == 0x80 else {
                cursor += 1
                continue
            }
            let record = UnsafeBufferPointer(rebasing: bytes[start..<cursor])
            if let separator = record.firstIndex(of: 0x20) {
                body(
                    UnsafeBufferPointer(rebasing: record[..<separator]),
                    UnsafeBufferPointer(rebasing: record[(separator + 1)...]))
            }
            cursor += 3
            start = cursor
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
