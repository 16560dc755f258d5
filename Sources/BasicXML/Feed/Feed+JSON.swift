import BasicCore
import BasicFormat
import Foundation

extension Feed {
    /// The feed as JSON, for scripts (`bsl feed FILE --json`): fields that are nil are left
    /// out, dates are RFC 3339 in UTC, proleptic Gregorian however old (`1500-01-01T00:00:00Z`),
    /// extensions are kept as they are. Text fields are as XML decoded them, with `plainTitle`
    /// beside the title (``plainTitle``); each entry has its `link` resolved (``FeedEntry/link``),
    /// and each link its `url` beside the `href` as written.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["format"] = .string(format.rawValue)
        object["title"] = title.map(JSONValue.string)
        object["plainTitle"] = plainTitle.map(JSONValue.string)
        object["subtitle"] = subtitle.map(JSONValue.string)
        object["id"] = id.map(JSONValue.string)
        object["updated"] = updated.map(Self.jsonDate)
        object["links"] = .array(links.map(\.jsonValue))
        object["authors"] = .array(authors.map(\.jsonValue))
        object["logo"] = logo.map(JSONValue.string)
        object["extensions"] = .object(extensions)
        object["entries"] = .array(entries.map(\.jsonValue))
        return .object(object)
    }

    /// A date as RFC 3339 in UTC, to the second, proleptic Gregorian.
    static func jsonDate(_ date: Date) -> JSONValue {
        .string(TimeFormatter.rfc3339String(from: date))
    }
}

extension FeedEntry {
    /// The entry as JSON; see ``Feed/jsonValue``.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["id"] = id.map(JSONValue.string)
        object["title"] = title.map(JSONValue.string)
        object["plainTitle"] = plainTitle.map(JSONValue.string)
        object["link"] = link?.url.map { .string($0.absoluteString) }
        object["summary"] = summary.map(JSONValue.string)
        object["content"] = content.map(JSONValue.string)
        object["published"] = published.map(Feed.jsonDate)
        object["updated"] = updated.map(Feed.jsonDate)
        object["links"] = .array(links.map(\.jsonValue))
        object["authors"] = .array(authors.map(\.jsonValue))
        object["categories"] = .array(categories.map(JSONValue.string))
        object["extensions"] = .object(extensions)
        return .object(object)
    }
}

extension FeedLink {
    /// The link as JSON; see ``Feed/jsonValue``.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["href"] = .string(href)
        object["url"] = url.map { .string($0.absoluteString) }
        object["rel"] = rel.map(JSONValue.string)
        object["type"] = type.map(JSONValue.string)
        object["title"] = title.map(JSONValue.string)
        return .object(object)
    }
}

extension FeedPerson {
    /// The person as JSON; see ``Feed/jsonValue``.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["name"] = .string(name)
        object["uri"] = uri.map(JSONValue.string)
        object["email"] = email.map(JSONValue.string)
        if !extensions.isEmpty { object["extensions"] = .object(extensions) }
        return .object(object)
    }
}
