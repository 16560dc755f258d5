import Foundation

extension TimeZone {
    /// China Standard Time (`Asia/Shanghai`), the zone Chinese sites write their times in and
    /// their readers expect to see.
    ///
    /// ```swift
    /// let parser = TimeParser(timeZone: .chinaStandard)
    /// let date = try parser.date(from: "2016-08-13 23:41:00")   // 2016-08-13T15:41:00Z
    /// ```
    ///
    /// It is UTC+8 all year round; should the system have no `Asia/Shanghai` (no time zone
    /// database), it is the fixed offset +08:00, which gives the same times for every date since
    /// 1991, when China last kept daylight saving time.
    public static let chinaStandard: TimeZone =
        TimeZone(identifier: "Asia/Shanghai") ?? TimeZone(secondsFromGMT: 8 * 3600)
        ?? .gmt  // unreachable: +8 hours is within the offsets TimeZone(secondsFromGMT:) accepts (±18 h)
}
