import Foundation

/// Repairs the URLs the API writes into valid `URL`s.
///
/// ```swift
/// URLRepair.url(from: "//images2015.cnblogs.com/news/1/a.png")          // http://images2015.cnblogs.com/news/1/a.png
/// URLRepair.url(from: "http://images0.cnblogs.com/news_topic///images0.cnblogs.com/news_topic/x.gif")
///                                                                      // http://images0.cnblogs.com/news_topic/x.gif
/// URLRepair.url(from: "http://images0.cnblogs.com/news_topic/小米.gif")  // …/news_topic/%E5%B0%8F%E7%B1%B3.gif
/// ```
public enum URLRepair {
    /// A valid URL from `text`, or nil when it is empty or cannot be one.
    ///
    /// Protocol-relative addresses get `http:`; a path that repeats the host after a run of
    /// slashes starts over from the repeated host; characters that a URL cannot hold (non-ASCII,
    /// spaces) are percent-encoded as UTF-8, while existing `%XX` escapes and queries are kept.
    public static func url(from text: String) -> URL? {
        var address = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !address.isEmpty else { return nil }
        if address.hasPrefix("//") { address = "http:" + address }
        address = removingRepeatedHost(address)
        return URL(string: percentEncoded(address))
    }

    /// `scheme://host/a///host/b` → `scheme://host/b`.
    static func removingRepeatedHost(_ address: String) -> String {
        guard let schemeEnd = address.range(of: "://") else { return address }
        let scheme = address[..<schemeEnd.lowerBound]
        let afterScheme = address[schemeEnd.upperBound...]
        let host = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !host.isEmpty else { return address }
        var path = afterScheme[host.endIndex...]
        // Look for the host again after a run of two or more slashes.
        while let run = path.range(of: "//") {
            let afterRun = path[run.lowerBound...].drop { $0 == "/" }
            if afterRun.hasPrefix(host + "/") || afterRun == host {
                return scheme + "://" + afterRun
            }
            path = afterRun
        }
        return address
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
}
