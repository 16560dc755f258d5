import BasicCore
import BasicXML
import Foundation
import BasicFormat

/// Turns the API's body documents into ``PostBody`` and ``NewsBody``.
///
/// ```swift
/// let body = try CnblogsBodyDecoder.postBody(from: data, id: 5770214, url: "http://wcf.open.cnblogs.com/blog/post/body/5770214")
/// print(body.html)
/// ```
public enum CnblogsBodyDecoder {
    /// A post body: `<string>` (with or without the WCF serialization namespace) holding
    /// entity-escaped HTML whose line ends are `&#xD;` and a newline.
    ///
    /// - Throws: ``CnblogsError/malformed(url:reason:)`` for a body that is not XML or whose root
    ///   is not `<string>`.
    /// - Complexity: O(*n*) in the size of the document.
    public static func postBody(from data: Data, id: Int, url: String) throws(CnblogsError) -> PostBody {
        let root = try document(from: data, url: url, rootName: "string")
        let text = root["__text"]?.asString ?? ""
        return PostBody(id: id, html: normalisingLineEnds(text))
    }

    /// A news body: `<NewsBody>` with `Title`, `SourceName`, `SubmitDate`, `Content`, `ImageUrl`,
    /// `PrevNews`, `NextNews` and `CommentCount`.
    ///
    /// - Throws: ``CnblogsError/malformed(url:reason:)`` for a body that is not XML, whose root
    ///   is not `<NewsBody>`, or without a title or a readable `SubmitDate`.
    /// - Complexity: O(*n*) in the size of the document.
    public static func newsBody(from data: Data, id: Int, url: String) throws(CnblogsError) -> NewsBody {
        let root = try document(from: data, url: url, rootName: "NewsBody")
        func text(_ name: String) -> String? {
            guard let value = root[name]?.asString?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty
            else { return nil }
            return value
        }
        guard let title = text("Title") else { throw .malformed(url: url, reason: "the news body has no <Title>") }
        guard let dateText = text("SubmitDate"), let submitted = chinaTime(dateText) else {
            throw .malformed(url: url, reason: "the news body has no readable <SubmitDate>")
        }
        let images = (text("ImageUrl") ?? "").split(separator: ";").compactMap { URLRepair.url(from: String($0)) }
        return NewsBody(
            id: id, title: HTMLText.decodingReferences(title),
            sourceName: text("SourceName").map { HTMLText.decodingReferences($0) },
            submitted: submitted, html: normalisingLineEnds(text("Content") ?? ""), imageURLs: images,
            previousID: neighbour(text("PrevNews")), nextID: neighbour(text("NextNews")),
            commentCount: text("CommentCount").flatMap { Int($0) } ?? 0)
    }

    /// `2016-08-13 23:41:00`, written without a zone, read as China time (Asia/Shanghai).
    public static func chinaTime(_ text: String) -> Date? {
        let text = text.trimmingCharacters(in: .whitespaces)
        // Only the pattern's own characters reach DateFormatter, which on Linux traps on some
        // other text (a date followed by a combining mark).
        guard text.utf8.count == 19,
            text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x3A || $0 == 0x20 })
        else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .chinaStandard
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.date(from: text)
    }

    /// An id, or nil for `0`, empty or not a number.
    static func neighbour(_ text: String?) -> Int? {
        guard let text, let id = Int(text), id > 0 else { return nil }
        return id
    }

    /// `\r\n` and a lone `\r` as `\n`.
    static func normalisingLineEnds(_ text: String) -> String {
        guard text.contains("\r") || text.contains("\r\n") else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// How the legacy API's XML is read: XMLDictionary's rules, with an empty element as
    /// `null` (a field present but empty) and names without their prefixes, as the decoders
    /// were written against.
    static let legacyXML: XMLConverter.Configuration = {
        var configuration = XMLConverter.Configuration()
        configuration.emptyElements = .null
        configuration.names = .local
        return configuration
    }()

    static func document(from data: Data, url: String, rootName: String) throws(CnblogsError) -> JSONValue {
        let root: JSONValue
        do {
            root = try XMLConverter(configuration: legacyXML).convert(data)
        } catch {
            throw .malformed(url: url, reason: error.description)
        }
        let name = root["__name"]?.asString ?? ""
        guard name == rootName else {
            throw .malformed(url: url, reason: "expected <\(rootName)>, found <\(name)>")
        }
        return root
    }
}
