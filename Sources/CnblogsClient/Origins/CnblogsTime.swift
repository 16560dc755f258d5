import BasicFormat
import BasicXML
import Foundation

/// The two ways today's cnblogs writes times: the pages' wall clock in China time
/// (`2026-03-12 10:20`), and the API's ISO 8601 with seven fractional digits
/// (`2017-06-25T06:31:05.9725356+08:00`).
enum CnblogsTime {
    /// The first `yyyy-MM-dd HH:mm[:ss]` (or bare `yyyy-MM-dd`) in `text`, read as China time:
    /// `2026-03-12 10:20`, `发布于 2026-03-12 10:20`, `posted @ 2026-03-12 10:20 南山行者`.
    static func wallClock(in text: String) -> Date? {
        let words = text.split { $0.isWhitespace || $0 == "\u{00A0}" }
        let parser = TimeParser.chinaStandard()
        for (index, word) in words.enumerated() where isDate(word) {
            if index + 1 < words.count, isTime(words[index + 1]),
                let date = try? parser.date(from: "\(word) \(words[index + 1])")
            {
                return date
            }
            if let date = try? parser.date(from: String(word)) { return date }
        }
        return nil
    }

    /// The API's date: RFC 3339 with any number of fractional digits; one without a zone is China time.
    static func apiDate(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let separator = trimmed.firstIndex(where: { $0 == "T" || $0 == " " }) else {
            return FeedDate.rfc3339(trimmed)
        }
        let time = trimmed[trimmed.index(after: separator)...]
        let hasZone = time.contains { $0 == "Z" || $0 == "z" || $0 == "+" || $0 == "-" }
        return FeedDate.rfc3339(hasZone ? trimmed : trimmed + "+08:00")
    }

    private static func isDate(_ word: Substring) -> Bool {
        word.count == 10 && word.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-") }
            && word.filter { $0 == "-" }.count == 2
    }

    private static func isTime(_ word: Substring) -> Bool {
        (word.count == 5 || word.count == 8) && word.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ":") }
    }
}
