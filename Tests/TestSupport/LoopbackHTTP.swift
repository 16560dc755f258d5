import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plain HTTP/1.1 client for the test servers' own control requests (`/_resource`,
/// `/release/…`): one blocking socket to 127.0.0.1 on a thread of its own, one request per
/// connection, read to its end.
///
/// ```swift
/// let answer = try await LoopbackHTTP.send("POST", port: server.port, path: "/_stats/reset", body: Data("{}".utf8))
/// #expect(answer.status == 200)
/// ```
///
/// Why not URLSession: the suite's own set-up must not fail the way the code under test may.
/// URLSession on Linux (libcurl under libdispatch) now and then leaves an answer unread for
/// seconds, or until its timeout, in a process as busy as the test runner (an answer the server
/// logged as sent in 2 ms arrived 10 s later, another never did), and a POST that libcurl retries
/// on a connection the server closed waits for its timeout (LINUX-NOTES.md).
public enum LoopbackHTTP {
    /// A server's answer.
    public struct Answer: Sendable {
        /// The status code.
        public let status: Int
        /// The headers, names in lower case.
        public let headers: [String: String]
        /// The body.
        public let body: Data
    }

    /// Sends `method path` with `body` to the server on `port` of 127.0.0.1 and reads the answer.
    ///
    /// - Throws: ``TestSupportError`` when the server cannot be reached, says nothing for
    ///   `timeout` seconds, or answers something that is not HTTP.
    public static func send(
        _ method: String, port: Int, path: String, body: Data = Data(), contentType: String = "application/json",
        timeout: TimeInterval = 120
    ) async throws -> Answer {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        head += "Content-Length: \(body.count)\r\n"
        if !body.isEmpty { head += "Content-Type: \(contentType)\r\n" }
        let request = Data((head + "\r\n").utf8) + body
        let result = await onOwnThread { exchange(request, port: port, timeout: timeout) }
        let raw = try result.get()
        guard let answer = parse(raw) else {
            throw TestSupportError(
                "127.0.0.1:\(port) answered \(method) \(path) with \(raw.count) bytes that are not a whole HTTP answer")
        }
        return answer
    }

    /// Writes `request` and reads until the server closes the connection.
    private static func exchange(_ request: Data, port: Int, timeout: TimeInterval) -> Result<Data, TestSupportError> {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return .failure(TestSupportError("socket() failed: errno \(errno)")) }
        defer { close(descriptor) }
        var limit = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            return .failure(
                TestSupportError(
                    "cannot connect to 127.0.0.1:\(port) (errno \(errno)); check that the test server is running"))
        }
        let sent = request.withUnsafeBytes { bytes -> Bool in
            guard let start = bytes.baseAddress else { return true }
            var offset = 0
            while offset < bytes.count {
                let written = sendBytes(descriptor, start + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
        guard sent else {
            return .failure(
                TestSupportError(
                    "cannot send to 127.0.0.1:\(port) (errno \(errno)); check that the test server is running"))
        }
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR { continue }
            if count < 0 {
                let reason =
                    errno == EAGAIN || errno == EWOULDBLOCK
                    ? "said nothing for \(Int(timeout)) s" : "failed (errno \(errno))"
                return .failure(
                    TestSupportError("127.0.0.1:\(port) \(reason); check that the test server is answering"))
            }
            if count == 0 { return .success(answer) }
            answer.append(contentsOf: buffer[0..<count])
        }
    }

    /// The status, headers and body of `raw`, a whole HTTP/1.1 answer; nil when it is not one.
    static func parse(_ raw: Data) -> Answer? {
        guard let end = raw.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: raw[raw.startIndex..<end.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
            return nil
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body = Data(raw[end.upperBound...])
        if let length = headers["content-length"].flatMap(Int.init) {
            guard body.count >= length else { return nil }
            body = body.prefix(length)
        }
        return Answer(status: status, headers: headers, body: body)
    }
}

/// `send(2)` without SIGPIPE, named apart from ``LoopbackHTTP/send(_:port:path:body:contentType:timeout:)``.
private func sendBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
    #else
        Darwin.send(descriptor, bytes, count, 0)
    #endif
}
