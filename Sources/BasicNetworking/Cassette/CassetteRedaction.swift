import BasicCore
import Foundation

/// What a cassette never holds: the values of some headers, and of some parameters wherever a
/// request carries them (its URL's query, a form body, a JSON body at any depth), each written
/// as `<redacted>`.
///
/// Replays match a live request after the same redaction, so a request still finds its
/// recording; requests that differ only in redacted values are then told apart by the order
/// they were recorded in.
struct CassetteRedaction: Sendable {
    /// What a redacted value is written as.
    static let placeholder = "<redacted>"

    /// Header names, lower-cased.
    let headers: Set<String>
    /// Parameter names, lower-cased.
    let parameters: Set<String>

    init(headers: Set<String>, parameters: Set<String>) {
        self.headers = Set(headers.map { $0.lowercased() })
        self.parameters = Set(parameters.map { $0.lowercased() })
    }

    /// The headers with redacted values, without the protocol's private token header.
    func headers(_ headers: [String: String]) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in headers where name != CassetteURLProtocol.tokenHeader {
            result[name] = self.headers.contains(name.lowercased()) ? Self.placeholder : value
        }
        return result
    }

    /// The URL with the redacted parameters of its query replaced:
    /// `https://h/ticket?token=<redacted>&page=1`.
    func url(_ url: String) -> String {
        guard let question = url.firstIndex(of: "?") else { return url }
        let queryStart = url.index(after: question)
        let queryEnd = url[queryStart...].firstIndex(of: "#") ?? url.endIndex
        return String(url[..<queryStart]) + form(url[queryStart..<queryEnd]) + url[queryEnd...]
    }

    /// The body with redacted parameters replaced, for a form or JSON body (by the
    /// `Content-Type` in `headers`); other bodies, and bodies with nothing to redact, as they are.
    ///
    /// - Complexity: O(*n*) in the body's size.
    func body(_ body: Data, headers: [String: String]) -> Data {
        guard !body.isEmpty, !parameters.isEmpty else { return body }
        let type = Response.header("Content-Type", in: headers)?.lowercased() ?? ""
        if type.contains("x-www-form-urlencoded") {
            let text = String(decoding: body, as: UTF8.self)
            let redacted = form(text[...])
            return redacted == text ? body : Data(redacted.utf8)
        }
        if type.contains("json"), let document = try? JSONValue(parsing: body) {
            var changed = false
            let redacted = json(document, changed: &changed)
            return changed ? redacted.jsonData() : body
        }
        return body
    }

    /// `user=alice&password=<redacted>`: names are compared decoded and in any case, and a
    /// nested name (`user[password]`, `token[]`) is redacted when any of its parts is.
    private func form(_ text: Substring) -> String {
        guard !parameters.isEmpty else { return String(text) }
        return text.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let name = pair.prefix { $0 != "=" }
            return isRedacted(formName: name) ? name + "=" + Self.placeholder : String(pair)
        }.joined(separator: "&")
    }

    private func isRedacted(formName: Substring) -> Bool {
        let spaced = formName.replacingOccurrences(of: "+", with: " ")
        let decoded = (spaced.removingPercentEncoding ?? spaced).lowercased()
        return decoded.split { $0 == "[" || $0 == "]" }.contains { parameters.contains(String($0)) }
    }

    private func json(_ value: JSONValue, changed: inout Bool) -> JSONValue {
        switch value {
        case .object(let members):
            var result = JSONObject(minimumCapacity: members.count)
            for (key, member) in members {
                if parameters.contains(key.lowercased()) {
                    result[key] = .string(Self.placeholder)
                    changed = true
                } else {
                    result[key] = json(member, changed: &changed)
                }
            }
            return .object(result)
        case .array(let elements):
            return .array(elements.map { json($0, changed: &changed) })
        default:
            return value
        }
    }
}
