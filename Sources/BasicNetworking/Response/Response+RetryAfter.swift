import Foundation

extension Response {
    /// How long the `Retry-After` header asks to wait, counted from `now`: its whole seconds, or
    /// the time until its HTTP date (RFC 9110, §10.2.3); never negative; nil when there is no such
    /// header or it is neither.
    ///
    /// ```swift
    /// let wait = response.retryAfter()   // 120 for "Retry-After: 120"
    /// ```
    public func retryAfter(now: Date = Date()) -> TimeInterval? {
        guard let value = header("Retry-After")?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            return nil
        }
        if value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            // However many digits: a wait longer than Int64 holds is still a wait, not "none".
            return Int64(value).map { TimeInterval($0) } ?? TimeInterval(Int64.max)
        }
        // An HTTP date is short ASCII text. Nothing else reaches DateFormatter, which on Linux
        // traps on some text (a date followed by a combining mark: "Incorrect range").
        guard value.utf8.count <= 64, value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
