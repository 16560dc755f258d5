import BasicCore
import BasicNetworking
import Foundation
import TestSupport
import Testing

@Suite struct EndpointTests {
    static let host = URL(string: "http://h.test") ?? URL(fileURLWithPath: "/")

    @Test(
        "joins the base and the path with one slash, keeping the base's path and query",
        arguments: [
            ("http://h.test", "users", "http://h.test/users"),
            ("http://h.test/", "/users", "http://h.test/users"),
            ("http://h.test/api/v1", "news/recent", "http://h.test/api/v1/news/recent"),
            ("http://h.test/api/v1/", "/news/recent/", "http://h.test/api/v1/news/recent/"),
            ("http://h.test/api", "", "http://h.test/api"),
            ("http://h.test/api?key=1", "list", "http://h.test/api/list?key=1"),
            ("https://h.test:8443/a%20b", "c d/博客", "https://h.test:8443/a%20b/c%20d/%E5%8D%9A%E5%AE%A2"),
            ("http://h.test/api", "what?x=1", "http://h.test/api/what%3Fx=1"),
        ])
    func joining(base: String, path: String, expected: String) throws {
        let base = try #require(URL(string: base))
        #expect(try Endpoint(base: base, path: path).url().absoluteString == expected)
    }

    /// An endpoint with no path and no query parameters goes to its base as the caller made it;
    /// the components of the base, which a path would be joined to, give the same URL.
    @Test(
        "an endpoint at a URL goes to that URL, as its components write it",
        arguments: [
            "http://127.0.0.1:8080/bytes/100?i=1", "https://h.test", "https://h.test/", "https://h.test/a/b/",
            "https://user:pw@h.test:443/p?q=1#frag", "https://h.test/%E4%B8%AD?x=%20y", "http://[::1]:80/x",
            "https://H.TEST/Path", "https://h.test/a%2Fb", "https://h.test/?", "https://h.test/a;b=c?d=e&f",
            "https://xn--fiq228c.com/", "HTTP://h.test/x", "https://h.test/a//b", "https://h.test/./a/../b",
        ])
    func endpointAtURL(text: String) throws {
        let url = try #require(URL(string: text))
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: true))
        let endpoint = Endpoint(url: url, headers: ["Accept": "text/html"])
        #expect(try endpoint.url() == components.url)
        #expect(try endpoint.urlRequest().url?.absoluteString == components.url?.absoluteString)
        #expect(try endpoint.identity().url == components.string)
        // With a POST's form parameters it is still the base; with a GET's, the query grows.
        let form = Endpoint(url: url, method: .post, parameters: ["a": 1])
        #expect(try form.url() == components.url)
        let query = Endpoint(url: url, parameters: ["a": 1])
        #expect(try query.url().absoluteString.contains("a=1"))
    }

    @Test("a URL relative to a base goes where it points, as an absolute URL")
    func endpointAtRelativeURL() throws {
        let base = try #require(URL(string: "https://h.test/api/"))
        let url = try #require(URL(string: "news?page=2", relativeTo: base))
        #expect(try Endpoint(url: url).url().absoluteString == "https://h.test/api/news?page=2")
        #expect(try Endpoint(url: url).url().baseURL == nil)
    }

    @Test(
        "the path's characters are kept or escaped as a path segment allows (RFC 3986 3.3)",
        arguments: [
            ("a-b_c.d~e/f", "/a-b_c.d~e/f"),
            ("!$&'()*+,;=:@", "/!$&'()*+,;=:@"),
            ("a b/c%d", "/a%20b/c%25d"),
            ("q?x#y", "/q%3Fx%23y"),
            ("博/客", "/%E5%8D%9A/%E5%AE%A2"),
            ("x\"y<z>", "/x%22y%3Cz%3E"),
        ])
    func pathEscaping(path: String, expected: String) throws {
        let url = try Endpoint(base: Self.host, path: path).url()
        #expect(url.path(percentEncoded: true) == expected)
    }

    @Test(
        "escapes query parameters as RFC 3986 asks: spaces, +, &, unicode, arrays, nesting",
        arguments: [
            (["q": "a b"], "q=a%20b"),
            (["q": "1+1=2"], "q=1%2B1%3D2"),
            (["q": "a&b"], "q=a%26b"),
            (["name": "博客园"], "name=%E5%8D%9A%E5%AE%A2%E5%9B%AD"),
            (["tags": ["a", "b c"]], "tags=a&tags=b%20c"),
            (["n": 1, "f": 1.5, "t": true, "z": nil], "n=1&f=1.5&t=true&z="),
            (["user": ["name": "x", "age": 3]], "user%5Bname%5D=x&user%5Bage%5D=3"),
            (["safe": "-._~", "slash": "a/b?"], "safe=-._~&slash=a%2Fb%3F"),
        ] as [(JSONObject, String)])
    func queryEncoding(parameters: JSONObject, expected: String) throws {
        let url = try Endpoint(base: Self.host, path: "s", parameters: parameters).url()
        #expect(url.query(percentEncoded: true) == expected)
    }

    @Test("writes arrays with brackets when asked")
    func bracketArrays() throws {
        let endpoint = Endpoint(
            base: Self.host, parameters: ["tags": ["a", "b"]],
            encoding: ParameterEncoding(destination: .query, arrayStyle: .brackets))
        #expect(try endpoint.url().query(percentEncoded: true) == "tags%5B%5D=a&tags%5B%5D=b")
    }

    @Test(
        "puts parameters in the query for GET, HEAD, DELETE and OPTIONS, in a form for the others",
        arguments: [
            (HTTPMethod.get, ParameterEncoding.Destination.query), (.head, .query), (.delete, .query),
            (.options, .query), (.post, .formBody), (.put, .formBody), (.patch, .formBody),
        ])
    func methodDefaults(method: HTTPMethod, destination: ParameterEncoding.Destination) {
        #expect(Endpoint(base: Self.host, method: method).effectiveEncoding.destination == destination)
    }

    @Test("the server receives query parameters as they were given")
    func queryAsReceived() async throws {
        let endpoint = Endpoint(
            base: try await Net.base(), path: "echo",
            parameters: ["q": "a b+c&d=e", "name": "博客园 ✓", "tags": ["x", "y z"], "empty": ""])
        let echo = try await RequestPool().send(endpoint).json
        #expect(echo["method"] == "GET")
        #expect(echo["query"]?["q"] == "a b+c&d=e")
        #expect(echo["query"]?["name"] == "博客园 ✓")
        #expect(echo["query"]?["tags"] == ["x", "y z"])
        #expect(echo["query"]?["empty"] == "")
    }

    @Test("the server receives a form body, escaped by RFC 3986, with its content type")
    func formAsReceived() async throws {
        var endpoint = Endpoint(
            base: try await Net.base(), path: "echo", method: .post,
            parameters: ["user": "小明 +1", "tags": ["a&b", "c"]])
        endpoint.headers["X-Client"] = "tests"
        let echo = try await RequestPool().send(endpoint).json
        #expect(echo["method"] == "POST")
        #expect(echo["body"] == "user=%E5%B0%8F%E6%98%8E%20%2B1&tags=a%26b&tags=c")
        #expect(echo["headers"]?["Content-Type"] == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(echo["headers"]?["X-Client"] == "tests")
        #expect(echo["query"] == [:])
    }

    @Test("the server receives a JSON body holding the parameters")
    func jsonAsReceived() async throws {
        let parameters: JSONObject = ["title": "Hello 世界", "tags": ["swift", "linux"], "draft": false, "n": 3]
        let endpoint = Endpoint(
            base: try await Net.base(), path: "echo", method: .post, parameters: parameters, encoding: .json)
        let echo = try await RequestPool().send(endpoint).json
        #expect(echo["headers"]?["Content-Type"] == "application/json")
        let body = try #require(echo["body"]?.asString)
        #expect(try JSONValue(parsing: body) == .object(parameters))
    }

    @Test("a body given as it is goes as it is, and the parameters go to the query")
    func rawBody() async throws {
        var endpoint = Endpoint(base: try await Net.base(), path: "echo", method: .put, parameters: ["v": 2])
        endpoint.body = .json([1, "two", nil])
        let echo = try await RequestPool().send(endpoint).json
        #expect(echo["method"] == "PUT")
        #expect(echo["body"] == #"[1,"two",null]"#)
        #expect(echo["query"]?["v"] == "2")
    }

    @Test(
        "a base that is not an http(s) URL with a host is a clear error, not a trap",
        arguments: [
            URL(string: "ftp://h.test/x"), URL(fileURLWithPath: "/"), URL(fileURLWithPath: "/relative/path"),
            URL(string: "http://"), URL(string: "h.test/api"), URL(string: "not a url"), URL(string: "https:?q"),
        ])
    func badBase(base: URL?) async throws {
        let base = try #require(base)
        let endpoint = Endpoint(base: base, path: "x")
        let error = await Net.error { try endpoint.urlRequest() }
        guard case .invalidRequest(_, let reason) = error else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("\"\(base.absoluteString)\""))
        #expect(String(describing: error).contains("write it as https://host/path"))
        #expect(!String(describing: error).contains("\n"))
        // Through the pool too.
        let sent = await Net.error { try await RequestPool().send(endpoint) }
        #expect(sent?.caseName == "invalidRequest")
    }

    @Test("a base set after the endpoint was made is the one its requests go to, and the one checked")
    func changedBase() throws {
        var endpoint = Endpoint(base: try #require(URL(string: "ftp://h.test/x")), path: "news")
        #expect(throws: NetworkError.self) { try endpoint.url() }
        endpoint.base = Self.host.appending(path: "api")
        #expect(try endpoint.url().absoluteString == "http://h.test/api/news")
        #expect(endpoint.displayURL == "http://h.test/api/news")
        endpoint.base = URL(fileURLWithPath: "/")
        #expect(throws: NetworkError.self) { try endpoint.url() }
        #expect(endpoint.displayURL == "file:///news")
    }

    @Test(
        "a . or .. path segment is refused, so that a value in the path cannot leave the base path",
        arguments: ["../../admin", "news/../../admin", "news/..", "./news", "news/./recent", "/..", ".."])
    func dotSegments(path: String) async throws {
        let endpoint = Endpoint(base: Self.host.appending(path: "api/v1"), path: path)
        let error = await Net.error { try endpoint.url() }
        guard case .invalidRequest(let url, let reason) = error else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(url.hasPrefix("http://h.test/api/v1/"))
        #expect(reason.contains("\"\(path)\""))
        #expect(reason.contains("fix the path"))
        #expect(await Net.error { try await RequestPool().send(endpoint) }?.caseName == "invalidRequest")
    }

    @Test(
        "dots inside a segment are plain text and pass",
        arguments: [("a..b", "/api/a..b"), ("...", "/api/..."), (".hidden/x", "/api/.hidden/x"), ("v1.2", "/api/v1.2")])
    func dotsInSegments(path: String, expected: String) throws {
        #expect(try Endpoint(base: Self.host.appending(path: "api"), path: path).url().path == expected)
    }

    @Test(
        "identity ignores parameter order and header-name case, and tells method, URL, values, body and headers apart")
    func identity() throws {
        var base = Endpoint(
            base: Self.host.appending(path: "api"), path: "list", parameters: ["a": 1, "b": ["x", "y"]])
        base.headers["Accept-Language"] = "zh-CN"
        var reordered = Endpoint(
            base: Self.host.appending(path: "api/"), path: "/list", parameters: ["b": ["x", "y"], "a": 1])
        reordered.headers["accept-language"] = "zh-CN"
        #expect(try base.identity() == reordered.identity())

        for (name, value) in [("Authorization", "Bearer bob"), ("Cookie", "session=bob"), ("Accept-Language", "en")] {
            var other = base
            other.headers[name] = value
            #expect(try base.identity() != other.identity(), "\(name) must tell requests apart")
        }
        var withSecret = base
        withSecret.headers["Authorization"] = "Bearer very-secret"
        #expect(try !withSecret.identity().description.contains("very-secret"))

        var changed = base
        changed.parameters["a"] = 2
        #expect(try base.identity() != changed.identity())
        var post = base
        post.method = .post
        #expect(try base.identity() != post.identity())
        var path = base
        path.path = "other"
        #expect(try base.identity() != path.identity())

        let json1 = Endpoint(base: Self.host, method: .post, parameters: ["a": 1, "b": 2], encoding: .json)
        let json2 = Endpoint(base: Self.host, method: .post, parameters: ["b": 2, "a": 1], encoding: .json)
        #expect(try json1.identity() == json2.identity())
        var body = json1
        body.body = .text("x")
        #expect(try json1.identity() != body.identity())
    }
}
