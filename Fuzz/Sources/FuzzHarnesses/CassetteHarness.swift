import BasicCore
import BasicNetworking
import Foundation

/// See ``Harness/cassette``.
enum CassetteHarness {
    /// The folder the cassettes are written in: made once per process with `mkdtemp`, and only
    /// the files written into it by ``run(_:)`` are ever removed.
    static let folder: URL? = {
        var template = Array((NSTemporaryDirectory() + "/bsl-fuzz-cassette.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { return nil }
        let path = String(cString: made)
        madeFolder = strdup(path)
        // rmdir removes only an empty folder: at exit, the folder goes if run left it empty.
        atexit {
            if let madeFolder = CassetteHarness.madeFolder { rmdir(madeFolder) }
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }()

    /// The path of ``folder`` for the exit handler; set once, before the handler is registered.
    nonisolated(unsafe) static var madeFolder: UnsafeMutablePointer<CChar>?

    /// How long a replayed request may take before its transport gives up with an error.
    static let requestTimeout = Duration.seconds(5)

    static func run(_ data: Data) throws(HarnessFailure) {
        guard let folder else { throw HarnessFailure("cannot make a temporary folder for the cassette") }
        let index = folder.appendingPathComponent("index.json")
        var written = [index]
        defer {
            for file in written { try? FileManager.default.removeItem(at: file) }
        }
        do {
            try data.write(to: index)
        } catch {
            throw HarnessFailure("cannot write \(index.path): \(error)")
        }
        // The body files the index names, so that replays get as far as answering.
        let document = try? JSONValue(parsing: data)
        var bodies: [String: Data] = [:]
        for exchange in document?["exchanges"]?.arrayValue ?? [] {
            for side in ["request", "response"] {
                guard let name = exchange[side]?["body"]?.asString, isPlainFileName(name), bodies[name] == nil else {
                    continue
                }
                let body = Data("body of \(name)".utf8)
                let file = folder.appendingPathComponent(name)
                guard (try? body.write(to: file)) != nil else { continue }
                bodies[name] = body
                written.append(file)
            }
        }

        let transport: ReplayTransport
        do {
            transport = try ReplayTransport(cassette: folder, configuration: .init(timeout: requestTimeout))
        } catch {
            try Check.clearError(error, from: "ReplayTransport(cassette:)")
            return
        }
        guard let first = document?["exchanges"]?[0], let request = request(for: first, bodies: bodies) else { return }
        let outcome = send(request, through: transport)
        switch outcome {
        case .failure(let error):
            try Check.clearError(error, from: "ReplayTransport.send")
        case .success(let response):
            guard let status = first["response"]?["status"]?.asInt, isPlain(first, status: status) else { return }
            try Check.that(
                response.status == status, "a replayed request got status \(response.status), recorded \(status)")
            let body = first["response"]?["body"]?.asString.flatMap { bodies[$0] } ?? Data()
            try Check.that(
                response.body == body,
                "a replayed request got a body of \(response.body.count) bytes, recorded \(body.count)")
        }
    }

    /// A name that stays inside the folder and is not the index itself.
    static func isPlainFileName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && name != "." && name != ".." && name != "index.json"
            && !name.contains("/") && !name.contains("\0")
    }

    /// The recorded request of `exchange` as a `URLRequest`, or nil when it cannot be one.
    static func request(for exchange: JSONValue, bodies: [String: Data]) -> URLRequest? {
        guard let text = exchange["request"]?["url"]?.asString, let url = URL(string: text),
            let method = exchange["request"]?["method"]?.asString
        else { return nil }
        var request = URLRequest(url: url)
        request.httpMethod = method.uppercased()
        for (name, value) in exchange["request"]?["headers"]?.objectValue ?? [:] {
            request.setValue(value.asString ?? "", forHTTPHeaderField: name)
        }
        if let name = exchange["request"]?["body"]?.asString, let body = bodies[name] {
            request.httpBody = body
        }
        return request
    }

    /// Whether URLSession hands the recorded answer over as it is: a plain success, no HEAD, no
    /// headers that make it decode, cut or follow the body.
    static func isPlain(_ exchange: JSONValue, status: Int) -> Bool {
        let method = exchange["request"]?["method"]?.asString?.uppercased()
        let headers = (exchange["response"]?["headers"]?.objectValue?.keys ?? []).map { $0.lowercased() }
        return (200...299).contains(status) && status != 204 && status != 205 && method != "HEAD"
            && !headers.contains { ["content-encoding", "content-length", "transfer-encoding"].contains($0) }
    }

    /// Sends `request` and waits for the answer on this thread (libFuzzer's own, never the
    /// cooperative pool's). A transport that never answers is a hang that libFuzzer's -timeout reports.
    static func send(_ request: URLRequest, through transport: ReplayTransport) -> Result<Response, NetworkError> {
        let box = ResultBox()
        Task {
            let result: Result<Response, NetworkError>
            do throws(NetworkError) {
                result = .success(try await transport.send(request))
            } catch {
                result = .failure(error)
            }
            box.put(result)
        }
        return box.take()
    }

    /// Hands the answer from the task to the waiting thread. An `NSCondition` (a pthread mutex
    /// and condition) rather than a semaphore, so that ThreadSanitizer sees the order when the
    /// findings are replayed under it.
    final class ResultBox: @unchecked Sendable {
        // `result` is only touched with `condition` locked.
        private let condition = NSCondition()
        private var result: Result<Response, NetworkError>?

        func put(_ value: Result<Response, NetworkError>) {
            condition.lock()
            result = value
            condition.signal()
            condition.unlock()
        }

        func take() -> Result<Response, NetworkError> {
            condition.lock()
            defer { condition.unlock() }
            while true {
                if let result { return result }
                condition.wait()
            }
        }
    }
}
