import Foundation

/// Repairs the URLs the API writes into valid `URL`s.
///
/// ```swift
/// URLRepair.url(from: "//images2015.cnblogs.com/news/1/a.png")          // http://images2015.cnblogs.com/news/1/a.png
/// URLRepair.url(from: "http://images0.cnblogs.com/news_topic///images0.cnblogs.com/news_topic/x.gif")
///                                                                      // http://images0.cnblogs.com/news_topic/x.gif
/// URLRepair.url(from: "http://images0.cnblogs.com/news_topic/小米.gif")  // …/news_topic/%E5%B0%8F%E7%B1%B3.gif
/// URLRepair.url(from: "a///images0.cnblogs.com/b.png", relativeTo: URL(string: "https://images0.cnblogs.com/p/"))
///                                                                      // https://images0.cnblogs.com/b.png
/// ```
///
/// The repair is idempotent: repairing a repaired URL's `absoluteString` gives the same URL.
public enum URLRepair {
    /// A valid URL from `text`, or nil when it is empty or cannot be one.
    ///
    /// In order: surrounding whitespace is trimmed; a protocol-relative address (`//host/…`) gets
    /// `http:`; characters that a URL cannot hold (non-ASCII, spaces, `"<>\^`{|}`) are
    /// percent-encoded as UTF-8, while existing `%XX` escapes are kept; then, in a URL with a
    /// host, a path that repeats the host after a run of two or more slashes
    /// (`/news_topic///images0.cnblogs.com/news_topic/x.gif`) starts over after the last
    /// repetition (`/news_topic/x.gif`). Only the path is repaired: the query and the fragment
    /// are kept as they are, so a same-host URL carried in a parameter (`/go?to=https://…`)
    /// stays. A relative address has no host to repeat and is only encoded.
    public static func url(from text: String) -> URL? {
        url(from: text, relativeTo: nil)
    }

    /// A valid URL from `text` as ``url(from:)`` repairs it, a relative one resolved against
    /// `base` first, so that its resolved path is repaired too.
    ///
    /// ```swift
    /// let base = URL(string: "https://images0.cnblogs.com/blog/p.html")
    /// URLRepair.url(from: "/news_topic///images0.cnblogs.com/news_topic/x.gif", relativeTo: base)
    /// // https://images0.cnblogs.com/news_topic/x.gif
    /// ```
    ///
    /// A protocol-relative address still gets `http:`, whatever the base's scheme. The scheme is
    /// lowercased (`HTTPS://` is `https://`, as RFC 3986 §6.2.2.1 normalizes it), so that what
    /// checks for `http` and `https` and what downloads agree. With a nil `base`, the same as
    /// ``url(from:)``.
    public static func url(from text: String, relativeTo base: URL?) -> URL? {
        var address = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !address.isEmpty else { return nil }
        if address.hasPrefix("//") { address = "http:" + address }
        guard var url = URL(string: percentEncoded(address)) else { return nil }
        if let base, url.scheme == nil {
            guard let resolved = URL(string: url.absoluteString, relativeTo: base)?.absoluteURL else { return nil }
            url = resolved
        }
        if let scheme = url.scheme, scheme != scheme.lowercased(),
            var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        {
            components.scheme = scheme.lowercased()
            url = components.url ?? url
        }
        let repaired = removingRepeatedHost(url.absoluteString)
        guard repaired != url.absoluteString else { return url }
        return URL(string: repaired) ?? url
    }

    /// `scheme://host/a///host/b?q#f` → `scheme://host/b?q#f`: the path after the last run of
    /// slashes that is followed by the host (as written after any `user@`, with its port, in
    /// any case) and then `/` or the end of the path. Only the path is searched.
    ///
    /// The result has no such repetition left, so a second call changes nothing.
    ///
    /// - Complexity: O(*n*) in the length of `address`.
    static func removingRepeatedHost(_ address: String) -> String {
        let utf8 = Array(address.utf8)
        // The scheme: a letter, then letters, digits, `+`, `-` and `.`, up to `://`.
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), colon > 0, isSchemeStart(utf8[0]),
            utf8[1..<colon].allSatisfy(isScheme), utf8.count >= colon + 3,
            utf8[colon + 1] == UInt8(ascii: "/"), utf8[colon + 2] == UInt8(ascii: "/")
        else { return address }
        let authorityStart = colon + 3
        let authorityEnd = utf8[authorityStart...].firstIndex(where: isDelimiter) ?? utf8.count
        let hostStart =
            utf8[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")).map { $0 + 1 }
            ?? authorityStart
        let host = utf8[hostStart..<authorityEnd].map(lowercased)
        guard !host.isEmpty else { return address }
        let pathEnd =
            utf8[authorityEnd...].firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? utf8.count
        // The last run of two or more slashes in the path followed by the host.
        var restart: Int?
        var index = authorityEnd
        while index < pathEnd {
            guard utf8[index] == UInt8(ascii: "/") else {
                index += 1
                continue
            }
            var runEnd = index
            while runEnd < pathEnd && utf8[runEnd] == UInt8(ascii: "/") { runEnd += 1 }
            let hostEnd = runEnd + host.count
            if runEnd - index >= 2, hostEnd <= pathEnd, utf8[runEnd..<hostEnd].map(lowercased) == host,
                hostEnd == pathEnd || utf8[hostEnd] == UInt8(ascii: "/")
            {
                restart = hostEnd
            }
            index = runEnd
        }
        guard let restart else { return address }
        let kept = Array(utf8[..<authorityEnd]) + utf8[restart...]
        return String(decoding: kept, as: UTF8.self)
    }

    /// Every character outside printable ASCII, and spaces, as `%XX` of its UTF-8 bytes.
    static func percentEncoded(_ address: String) -> String {
        var result = ""
        for byte in address.utf8 {
            if byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "<")
                && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "^")
                && byte != UInt8(ascii: "`") && byte != UInt8(ascii: "{") && byte != UInt8(ascii: "}")
                && byte != UInt8(ascii: "|")
            {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }

    private static func isSchemeStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isScheme(_ byte: UInt8) -> Bool {
        isSchemeStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
