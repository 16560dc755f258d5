import BasicNetworking
import BasicStore
import CnblogsClient
import Foundation
import Synchronization
import TestSupport
import Testing

/// Credentials: what requests carry, where they are kept, and where they never appear (cassettes,
/// descriptions, error messages).
@Suite struct CnblogsCredentialTests {
    /// A transport that notes the requests it passes on: the test looks below the authenticator.
    final class Spy: Transport {
        let base = URLSessionTransport()
        private let seen = Mutex<[URLRequest]>([])

        var requests: [URLRequest] { seen.withLock { $0 } }

        func send(_ request: URLRequest) async throws(NetworkError) -> Response {
            seen.withLock { $0.append(request) }
            return try await base.send(request)
        }
    }

    /// The recording's files as the test server serves them, with a token endpoint answering `token`.
    static func mirror(in directory: TemporaryDirectory, token: String) throws -> URL {
        let folder = try CnblogsMirror.folder(in: directory)
        let endpoint = folder.appendingPathComponent("oauth.cnblogs.com/connect/token")
        try FileManager.default.createDirectory(
            at: endpoint.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"access_token\":\"\(token)\",\"expires_in\":86400,\"token_type\":\"Bearer\"}".utf8).write(
            to: endpoint)
        return folder
    }

    /// Every file under `folder` as text.
    static func everything(in folder: URL) throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        return try names.map {
            String(decoding: try Data(contentsOf: folder.appendingPathComponent($0)), as: UTF8.self)
        }
        .joined(separator: "\n")
    }

    @Test("a personal access token goes with every API request as Bearer, with Authorization-Type: pat")
    func patHeaders() async throws {
        let directory = try TemporaryDirectory()
        let server = try await TestHTTPServer.start(fixtures: try Self.mirror(in: directory, token: "unused"))
        defer { server.stop() }
        let spy = Spy()
        let client = CnblogsClient(
            hosts: .mirrored(under: server.url("/fixtures")),
            credential: .personalAccessToken(Secret("pat-LIVE-4242")), transport: spy)
        #expect(try await client.currentUser().displayName == "南山行者")
        #expect(try await client.blogs(from: .api).items.count == 20)
        _ = try await client.blogs(from: .site)
        let api = spy.requests.filter { $0.url?.path.contains("api.cnblogs.com") == true }
        #expect(api.count == 2)
        for request in api {
            #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer pat-LIVE-4242")
            #expect(request.value(forHTTPHeaderField: "Authorization-Type") == "pat")
        }
        let site = try #require(spy.requests.first { $0.url?.path.contains("feed.cnblogs.com") == true })
        #expect(site.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test("a recording of authenticated requests holds no token; Authorization is redacted, Authorization-Type kept")
    func noTokenInCassette() async throws {
        let directory = try TemporaryDirectory()
        let server = try await TestHTTPServer.start(fixtures: try Self.mirror(in: directory, token: "unused"))
        defer { server.stop() }
        let cassette = directory.path("recorded")
        let client = CnblogsClient(
            hosts: .mirrored(under: server.url("/fixtures")),
            credential: .personalAccessToken(Secret("pat-LIVE-4242")),
            transport: try RecordingTransport(
                cassette: cassette, redactedParameters: CnblogsClient.cassetteRedactedParameters))
        _ = try await client.currentUser()
        _ = try await client.blogs(page: 1, size: 20, from: .api)
        let recorded = try Self.everything(in: cassette)
        #expect(!recorded.contains("pat-LIVE-4242"))
        #expect(
            recorded.contains("\"Authorization\" : \"<redacted>\"")
                || recorded.contains("\"Authorization\": \"<redacted>\""))
        #expect(recorded.contains("Authorization-Type"))
    }

    @Test(
        "a client-credentials login exchanges and checks through the token transport: neither secret nor token is recorded"
    )
    func clientCredentialsLogin() async throws {
        let directory = try TemporaryDirectory()
        let server = try await TestHTTPServer.start(fixtures: try Self.mirror(in: directory, token: "at-LIVE-9999"))
        defer { server.stop() }
        let cassette = directory.path("recorded")
        let hosts = CnblogsHosts.mirrored(under: server.url("/fixtures"))
        let recorder = try RecordingTransport(
            cassette: cassette, redactedParameters: CnblogsClient.cassetteRedactedParameters)
        let issued = Date()
        let client = CnblogsClient(
            hosts: hosts, transport: recorder, tokenTransport: URLSessionTransport(), now: { issued })
        let login = try await client.logIn(clientID: "bsl-test", clientSecret: Secret("s3cr3t-LIVE"))
        #expect(login.user.displayName == "南山行者")
        guard case .clientCredentials(let credentials) = login.credential else {
            Issue.record("expected client credentials, got \(login.credential)")
            return
        }
        #expect(credentials.accessToken?.revealed == "at-LIVE-9999")
        #expect(credentials.expiresAt == issued.addingTimeInterval(86_400))
        // The API through the recorder, with the new token.
        let signedIn = CnblogsClient(
            hosts: hosts, credential: login.credential, transport: recorder, tokenTransport: URLSessionTransport())
        _ = try await signedIn.bookmarks()
        let recorded = try Self.everything(in: cassette)
        #expect(!recorded.contains("at-LIVE-9999"))
        #expect(!recorded.contains("s3cr3t-LIVE"))
        #expect(recorded.contains("Bookmarks"))
    }

    @Test("a failed exchange names the token server and never the secret")
    func failedExchange() async throws {
        let directory = try TemporaryDirectory()
        let folder = try CnblogsMirror.folder(in: directory)  // no token endpoint: the server answers 404
        let server = try await TestHTTPServer.start(fixtures: folder)
        defer { server.stop() }
        let client = CnblogsClient(hosts: .mirrored(under: server.url("/fixtures")))
        let error = try #require(
            await CnblogsToday.error {
                try await client.logIn(clientID: "bsl-test", clientSecret: Secret("s3cr3t-LIVE"))
            })
        guard case .tokenExchangeFailed(let url, let reason) = error else {
            Issue.record("expected tokenExchangeFailed, got \(error)")
            return
        }
        #expect(url.hasSuffix("/oauth.cnblogs.com/connect/token"))
        #expect(reason.hasPrefix("HTTP 404"))
        #expect(!error.description.contains("s3cr3t-LIVE"))
    }

    @Test("logging in with a personal access token checks it with the current user")
    func patLogin() async throws {
        let login = try await CnblogsToday.client().logIn(
            personalAccessToken: Secret(" \(CnblogsToday.token.revealed)\n"))
        #expect(login.user.blogapp == "nanshan-walker")
        #expect(login.credential == .personalAccessToken(CnblogsToday.token))
        let client = try CnblogsToday.client()
        let empty = try #require(await CnblogsToday.error { try await client.logIn(personalAccessToken: Secret("  ")) })
        guard case .invalidArgument(let name, _, _) = empty else {
            Issue.record("expected invalidArgument, got \(empty)")
            return
        }
        #expect(name == "token")
    }

    @Test("descriptions, debug descriptions and dumps of credentials show no token or secret")
    func descriptions() {
        let credentials: [CnblogsCredential] = [
            .personalAccessToken(Secret("pat-SHOWN-1")),
            .clientCredentials(
                CnblogsClientCredentials(
                    clientID: "bsl-test", clientSecret: Secret("secret-SHOWN-2"), accessToken: Secret("at-SHOWN-3"),
                    expiresAt: Date(timeIntervalSince1970: 1_800_000_000))),
        ]
        for credential in credentials {
            var dumped = ""
            dump(credential, to: &dumped)
            let texts = [
                String(describing: credential), String(reflecting: credential), dumped, "\(credential.bearer)",
                String(reflecting: credential.bearer),
            ]
            for text in texts {
                #expect(!text.contains("SHOWN"), "\(text)")
            }
        }
        #expect(String(describing: credentials[1]).contains("bsl-test"))
    }

    @Test(
        "a client token's expiry is written as RFC 3339 in UTC, proleptic Gregorian however old",
        arguments: [
            (1_800_000_000.0, "2027-01-15T08:00:00Z"), (1_800_000_000.9, "2027-01-15T08:00:00Z"),
            (-14_831_769_600.0, "1500-01-01T00:00:00Z"),
        ])
    func expiryText(seconds: Double, text: String) {
        let credentials = CnblogsClientCredentials(
            clientID: "bsl-test", clientSecret: Secret("s"), accessToken: Secret("t"),
            expiresAt: Date(timeIntervalSince1970: seconds))
        #expect(credentials.description == "client credentials for bsl-test, token expires \(text)")
    }

    @Test("the credential store keeps the credential sealed, reads it back and removes it")
    func store() throws {
        let directory = try TemporaryDirectory()
        let file = directory.path("library.sqlite")
        let key = try StoreKey.randomRaw()
        let credentials = CnblogsCredentialStore(store: try KeyValueStore(at: file, key: key))
        #expect(try credentials.credential() == nil)
        let credential = CnblogsCredential.clientCredentials(
            CnblogsClientCredentials(
                clientID: "bsl-test", clientSecret: Secret("secret-SEALED-1"), accessToken: Secret("at-SEALED-2"),
                expiresAt: Date(timeIntervalSince1970: 1_800_000_000)))
        try credentials.save(credential)
        // Another store object on the same file and key reads it back.
        let reopened = CnblogsCredentialStore(store: try KeyValueStore(at: file, key: key))
        #expect(try reopened.credential() == credential)
        try reopened.save(.personalAccessToken(Secret("pat-SEALED-3")))
        #expect(try credentials.credential() == .personalAccessToken(Secret("pat-SEALED-3")))
        let bytes = try Self.storeBytes(in: directory.url)
        for secret in ["secret-SEALED-1", "at-SEALED-2", "pat-SEALED-3"] {
            #expect(bytes.range(of: Data(secret.utf8)) == nil)
        }
        #expect(try credentials.remove())
        #expect(try credentials.credential() == nil)
        #expect(try credentials.remove() == false)
    }

    /// The bytes of every file of a store (the database and its WAL).
    static func storeBytes(in folder: URL) throws -> Data {
        var bytes = Data()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            bytes.append(try Data(contentsOf: folder.appendingPathComponent(name)))
        }
        return bytes
    }
}
