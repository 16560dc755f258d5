import BasicCore
import BasicNetworking
import Foundation
import TestSupport
import Testing

@Suite struct ResponseTests {
    static let url = URL(string: "http://h.test/api/list") ?? URL(fileURLWithPath: "/")

    func response(_ body: String, status: Int = 200) -> Response {
        Response(url: Self.url, status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }

    struct Item: Decodable, Equatable {
        let id: Int
        let title: String
    }

    @Test("reads the body as JSON and decodes models at a key path")
    func json() throws {
        let response = response(#"{"code":0,"data":{"list":[{"id":1,"title":"博客","extra":true}]}}"#)
        #expect(try response.json.string(at: "data.list[0].title") == "博客")
        #expect(try response.decode([Item].self, at: "data.list") == [Item(id: 1, title: "博客")])
        #expect(response.header("content-type") == "application/json")
        #expect(response.text.hasPrefix(#"{"code":0"#))
    }

    @Test("a body that is not JSON, or a model that does not fit, is a decoding failure naming the key path")
    func decodingFailures() throws {
        let html = response("<html>oops</html>")
        let notJSON = #expect(throws: NetworkError.self) { try html.json }
        guard case .decodingFailed(let url, let keyPath, _, let excerpt) = notJSON else {
            Issue.record("expected decodingFailed")
            return
        }
        #expect(url == Self.url.absoluteString)
        #expect(keyPath == "")
        #expect(excerpt == "<html>oops</html>")

        let wrong = response(#"{"data":{"list":[{"id":"x"}]}}"#)
        let mismatch = #expect(throws: NetworkError.self) { try wrong.decode([Item].self, at: "data.list") }
        guard case .decodingFailed(_, let path, let reason, _) = mismatch else {
            Issue.record("expected decodingFailed")
            return
        }
        #expect(path == "data.list")
        #expect(reason.contains("data.list[0]"))
    }

    @Test(
        "the rule accepts statuses in its range and success codes, and reports the server's message",
        arguments: [
            (200, #"{"code":0}"#, "ok"),
            (200, #"{"code":"0"}"#, "ok"),
            (200, #"{"code":401,"msg":"token expired"}"#, "server 401 token expired"),
            (200, #"{"code":500}"#, "server 500 -"),
            (200, #"{"data":1}"#, "decodingFailed"),
            (200, "not json", "decodingFailed"),
            (404, #"{"code":0}"#, "httpStatus 404"),
            (302, #"{"code":0}"#, "httpStatus 302"),
        ])
    func rule(status: Int, body: String, expected: String) {
        let rule = ResponseRule.successCode(at: "code", equals: 0, message: "msg")
        do {
            try rule.validate(response(body, status: status))
            #expect(expected == "ok")
        } catch .server(_, let code, let message) {
            #expect(expected == "server \(code.jsonString()) \(message ?? "-")")
        } catch .httpStatus(_, let code, _) {
            #expect(expected == "httpStatus \(code)")
        } catch {
            #expect(expected == error.caseName)
        }
    }

    @Test("success codes may be strings at nested paths, and any status may be accepted")
    func otherRules() throws {
        let rule = ResponseRule.successCode(at: "meta.status", equals: "ok", "OK", message: "meta.error")
        try rule.validate(response(#"{"meta":{"status":"OK"}}"#))
        #expect(throws: NetworkError.self) { try rule.validate(response(#"{"meta":{"status":"fail","error":"x"}}"#)) }
        try ResponseRule.anyStatus.validate(response("", status: 503))
        try ResponseRule.default.validate(response("", status: 204))
    }
}
