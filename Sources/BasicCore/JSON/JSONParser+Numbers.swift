// Numbers: integers accumulate exactly (as negatives, so that Int64.min fits); a decimal whose
// digits fit 2^53 and whose power of ten is at most 22 is one exact multiplication or division
// of two exactly represented doubles, which IEEE 754 rounds correctly (Clinger's fast path, what
// strtod itself tries first); any other goes to the standard library's conversion.

extension JSONParser {
    /// 10⁰ … 10²², every one exactly representable as a `Double`.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
        1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        let isNegative = bytes[position] == UInt8(ascii: "-")
        if isNegative { position += 1 }

        // Integer part: accumulated as a negative number so that Int64.min fits. Beside it, the
        // significant digits of the whole number for the decimal fast path, while 19 fit.
        var accumulator: Int64 = 0
        var overflowed = false
        var significand: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        guard position < bytes.count, isDigit(bytes[position]) else {
            throw error("expected a digit after '-'")
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) {
                throw error("numbers must not have leading zeros")
            }
        } else {
            while position < bytes.count, isDigit(bytes[position]) {
                let digit = bytes[position] &- UInt8(ascii: "0")
                if !overflowed {
                    let (times10, o1) = accumulator.multipliedReportingOverflow(by: 10)
                    let (next, o2) = times10.subtractingReportingOverflow(Int64(digit))
                    if o1 || o2 { overflowed = true } else { accumulator = next }
                }
                if significantDigits < 19 {
                    significand = significand &* 10 &+ UInt64(digit)
                    significantDigits += 1
                } else {
                    significantDigits = 20  // digits dropped: the fast path will not apply
                }
                position += 1
            }
        }

        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error("expected a digit after the decimal point")
            }
            while position < bytes.count, isDigit(bytes[position]) {
                let digit = bytes[position] &- UInt8(ascii: "0")
                if significantDigits < 19 {
                    // Zeros before the first significant digit only move the point.
                    if significand != 0 || digit != 0 {
                        significand = significand &* 10 &+ UInt64(digit)
                        significantDigits += 1
                    }
                    exponent -= 1
                } else {
                    significantDigits = 20  // digits dropped: the fast path will not apply
                }
                position += 1
            }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            var exponentIsNegative = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                exponentIsNegative = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error("expected a digit in the exponent")
            }
            var written = 0
            while position < bytes.count, isDigit(bytes[position]) {
                // Past any exponent a double can use, the value no longer matters here.
                if written < 100_000 { written = written * 10 + Int(bytes[position] &- UInt8(ascii: "0")) }
                position += 1
            }
            exponent += exponentIsNegative ? -written : written
        }

        if isInteger && !overflowed {
            if isNegative {
                // "-0" is a double, so that its sign survives a round trip.
                return accumulator == 0 ? .double(-0.0) : .integer(accumulator)
            }
            let (positive, overflow) = Int64(0).subtractingReportingOverflow(accumulator)
            if !overflow { return .integer(positive) }
        }
        if significantDigits <= 19 && significand <= 1 << 53 && exponent >= -22 && exponent <= 22 {
            let exact = Double(significand)
            let magnitude = exponent < 0 ? exact / Self.powersOfTen[-exponent] : exact * Self.powersOfTen[exponent]
            return .double(isNegative ? -magnitude : magnitude)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let double = Double(text), double.isFinite else {
            throw JSONParseError.at(start, in: bytes, reason: "the number \(text) is out of range of a 64-bit double")
        }
        return .double(double)
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
