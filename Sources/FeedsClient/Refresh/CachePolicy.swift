import BasicNetworking
import BasicXML
import Foundation

/// What a response's headers ask of the next request: `Cache-Control: max-age` (less `Age`) and
/// `Retry-After` (seconds or an HTTP date).
package enum CachePolicy {
    /// The seconds the response may be used for: `max-age` less `Age`; nil when it says nothing,
    /// 0 for `no-cache` and `no-store`.
    static func maxAge(_ response: Response) -> Int? {
        guard let header = response.header("Cache-Control") else { return nil }
        var maxAge: Int?
        for directive in header.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            switch parts.first {
            case "no-cache", "no-store":
                return 0
            case "max-age":
                if parts.count == 2,
                    let seconds = Int(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
                {
                    maxAge = max(0, seconds)
                }
            default:
                continue
            }
        }
        guard let maxAge else { return nil }
        let age = response.header("Age").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        return max(0, maxAge - max(0, age))
    }

    /// The seconds `Retry-After` asks to wait, from `now`; nil when there is none or it is unreadable.
    static func retryAfter(_ response: Response, now: Date) -> Int? {
        // Capped at a year, which an Int holds whatever the header says.
        response.retryAfter(now: now).map { Int(min($0, 365 * 86_400).rounded(.up)) }
    }

    /// The charset of a `Content-Type` header (`text/xml; charset=gbk` gives `gbk`): the fallback
    /// encoding of a feed (`Feed(parsing:url:fallbackEncoding:)`), here and in `bsl feed`.
    package static func charset(_ response: Response) -> String? {
        guard let type = response.header("Content-Type") else { return nil }
        for parameter in type.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0].lowercased() == "charset" {
                let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
                return value.isEmpty ? nil : value
            }
        }
        return nil
    }
}
