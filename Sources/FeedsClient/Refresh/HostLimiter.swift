/// Lets at most `perHost` requests run at once to one host and `total` in all; the others wait
/// in order of arrival.
actor HostLimiter {
    private let perHost: Int
    private let total: Int
    private var running: [String: Int] = [:]
    private var runningTotal = 0
    /// Waiting callers, oldest first.
    private var waiting: [(id: UInt64, host: String, continuation: CheckedContinuation<Void, Never>)] = []
    private var lastID: UInt64 = 0

    init(perHost: Int, total: Int) {
        self.perHost = max(1, perHost)
        self.total = max(1, total)
    }

    /// Runs `body` once a slot for `host` is free.
    func run<T: Sendable>(host: String, _ body: @Sendable () async -> T) async -> T {
        await acquire(host)
        let result = await body()
        release(host)
        return result
    }

    private func hasRoom(_ host: String) -> Bool {
        runningTotal < total && running[host, default: 0] < perHost
    }

    private func acquire(_ host: String) async {
        if !waiting.contains(where: { $0.host == host }), hasRoom(host) {
            take(host)
            return
        }
        lastID += 1
        let id = lastID
        await withCheckedContinuation { continuation in
            waiting.append((id, host, continuation))
        }
    }

    private func take(_ host: String) {
        running[host, default: 0] += 1
        runningTotal += 1
    }

    private func release(_ host: String) {
        running[host, default: 1] -= 1
        if running[host] == 0 { running[host] = nil }
        runningTotal -= 1
        // Wake the oldest callers that now have room, in order.
        var index = 0
        while index < waiting.count && runningTotal < total {
            let candidate = waiting[index]
            if hasRoom(candidate.host) {
                waiting.remove(at: index)
                take(candidate.host)
                candidate.continuation.resume()
            } else {
                index += 1
            }
        }
    }
}
