extension Duration: ExpressibleByArgument {
    /// The longest duration read, in seconds: about 31.7 million years, far below where
    /// `Duration.seconds(_:)` traps.
    static let maximumArgumentSeconds: Double = 1e15

    /// A number of 0 or more with a unit: `500ms`, `30s`, `5m`, `1.5h`, `7d`; a bare number is
    /// seconds (`0.5`). Negative, infinite and absurdly long values are refused.
    public init?(argument: String) {
        let units: [(suffix: String, seconds: Double)] = [
            ("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86_400),
        ]
        var number = Substring(argument)
        var scale: Double = 1
        if let unit = units.first(where: { argument.hasSuffix($0.suffix) }) {
            number = number.dropLast(unit.suffix.count)
            scale = unit.seconds
        }
        // Only digits and a decimal point: Double(_:) would also take "inf", "nan" and hexadecimal.
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "e") }),
            number.first?.isNumber ?? false || number.first == ".",
            let value = Double(number), value.isFinite, value >= 0
        else { return nil }
        let seconds = value * scale
        guard seconds <= Self.maximumArgumentSeconds else { return nil }
        self = .seconds(seconds)
    }

    /// `a number with s, m, h or d (such as 30s, 1.5h or 7d; ms for milliseconds)`.
    public static var valueDescription: String {
        "a number with s, m, h or d (such as 30s, 1.5h or 7d; ms for milliseconds)"
    }

    /// The duration in the largest unit that writes it whole (`7d`, `90s`, `1500ms`), else in seconds.
    public var defaultValueDescription: String {
        let (seconds, attoseconds) = components
        let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        if milliseconds == 0 { return "0s" }
        for (suffix, scale) in [("d", 86_400_000.0), ("h", 3_600_000.0), ("m", 60_000.0), ("s", 1000.0), ("ms", 1.0)]
        where milliseconds >= scale && milliseconds.truncatingRemainder(dividingBy: scale) == 0 {
            return "\(Int64(milliseconds / scale))\(suffix)"
        }
        return "\(Double(seconds) + Double(attoseconds) / 1e18)s"
    }

    /// None: a number.
    public static var defaultCompletionKind: CompletionKind { .nothing }
}
