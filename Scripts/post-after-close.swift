// Counts URLSession POSTs that wait for their timeout after the server closed the connection
// before them (README, Linux differences). Each thread makes a session, sends a GET with
// `Connection: close` (the server closes the connection after answering it), then a POST on the
// same session, then another GET, and starts again.
//
//   python3 Tests/TestServer/test_server.py &        # prints PORT <n>
//   swiftc -O Scripts/post-after-close.swift -o /tmp/post-after-close
//   /tmp/post-after-close <port> [seconds=30] [threads=16]
//
// It prints each request that took over 5 s and then the totals. Against a server that says
// `Connection: close` (the project's test servers) none should wait; the test server as it was
// before it said so (`git show 63b2995:Tests/TestServer/test_server.py`) shows the waits.

import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

let arguments = CommandLine.arguments
guard arguments.count > 1, let port = Int(arguments[1]) else {
    print("usage: post-after-close PORT [SECONDS] [THREADS]")
    exit(64)
}
let seconds = arguments.count > 2 ? Double(arguments[2]) ?? 30 : 30
let threads = arguments.count > 3 ? Int(arguments[3]) ?? 16 : 16

struct Totals {
    var requests = 0
    var posts = 0
    var slowPosts = 0
    var slowOthers = 0
}
let totals = Mutex(Totals())
let start = Date()
let group = DispatchGroup()

/// Sends `request` on `session` and waits for its end; true when it took over 5 s or failed.
@Sendable func isSlow(_ request: URLRequest, on session: URLSession) -> Bool {
    let done = DispatchSemaphore(value: 0)
    let began = Date()
    let failed = Mutex(false)
    session.dataTask(with: request) { _, _, error in
        failed.withLock { $0 = error != nil }
        done.signal()
    }.resume()
    done.wait()
    let elapsed = Date().timeIntervalSince(began)
    let slow = elapsed > 5 || failed.withLock { $0 }
    if slow { print("\(request.httpMethod ?? "GET") took \(String(format: "%.1f", elapsed)) s") }
    return slow
}

for thread in 0..<threads {
    group.enter()
    Thread {
        guard let url = URL(string: "http://127.0.0.1:\(port)/echo?thread=\(thread)") else { return group.leave() }
        while Date().timeIntervalSince(start) < seconds {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = 20
            let session = URLSession(configuration: configuration)
            var closing = URLRequest(url: url)
            closing.setValue("close", forHTTPHeaderField: "Connection")
            var post = URLRequest(url: url)
            post.httpMethod = "POST"
            post.httpBody = Data("{}".utf8)
            let first = isSlow(closing, on: session)
            let second = isSlow(post, on: session)
            let third = isSlow(URLRequest(url: url), on: session)
            totals.withLock {
                $0.requests += 3
                $0.posts += 1
                $0.slowPosts += second ? 1 : 0
                $0.slowOthers += (first ? 1 : 0) + (third ? 1 : 0)
            }
            session.finishTasksAndInvalidate()
        }
        group.leave()
    }.start()
}
group.wait()
let result = totals.withLock { $0 }
print(
    "\(result.requests) requests: \(result.slowPosts) of \(result.posts) POSTs and \(result.slowOthers) others over 5 s"
)
