import Foundation

/// The zone a ``TimeFormatter`` or a ``TimeParser`` counts clock times in: one it was given, or
/// China Standard Time, made only when a moment before 1992 needs it
/// (``TimeFormatter/chinaStandard(language:now:)`` says why).
enum ClockZone: Sendable {
    case given(TimeZone)
    /// ``Foundation/TimeZone/chinaStandard``, made only when a moment before 1992 needs it.
    case chinaStandard

    /// The first moment of 1992 in UTC. Asia/Shanghai's last change of offset was the end of
    /// daylight saving time on 1991-09-15 (17:00 UTC the day before); a test checks Foundation's
    /// zone against +08:00 from here on.
    static let chinaSettled = Date(timeIntervalSince1970: 694_224_000)

    /// China Standard Time's offset since 1992.
    static let chinaOffset = 8 * 3600

    /// The zone, made if it is China Standard Time's.
    var timeZone: TimeZone {
        switch self {
        case .given(let zone): zone
        case .chinaStandard: .chinaStandard
        }
    }

    /// How far clocks in the zone are ahead of UTC at `date`.
    func secondsFromGMT(for date: Date) -> Int {
        switch self {
        case .given(let zone): zone.secondsFromGMT(for: date)
        case .chinaStandard:
            date >= Self.chinaSettled ? Self.chinaOffset : TimeZone.chinaStandard.secondsFromGMT(for: date)
        }
    }
}
