import Foundation

/// RFC 3339 UTC timestamps for the cache, written and read without a date formatter.
///
/// Foundation's `ISO8601DateFormatter` goes through ICU and costs tens of microseconds a
/// date: most of the time of loading a 10,000-item snapshot. The cache only ever writes
/// `2026-11-30T04:00:00Z` or `2026-11-30T04:00:00.123Z` (to the nearest millisecond), so
/// those are formatted and parsed by hand; any other RFC 3339 form is left to `RFC3339`.
enum CacheDate {
    static func string(from date: Date) -> String {
        var seconds = date.timeIntervalSince1970.rounded(.down)
        var milliseconds = Int(((date.timeIntervalSince1970 - seconds) * 1_000).rounded())
        if milliseconds == 1_000 {
            seconds += 1
            milliseconds = 0
        }
        let whole = Int(seconds)
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let secondOfDay = whole - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        var text = "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T"
        text +=
            "\(padded(secondOfDay / 3_600, 2)):\(padded(secondOfDay % 3_600 / 60, 2)):\(padded(secondOfDay % 60, 2))"
        if milliseconds != 0 { text += ".\(padded(milliseconds, 3))" }
        return text + "Z"
    }

    static func date(from string: String) -> Date? {
        fastDate(from: string) ?? RFC3339.date(from: string)
    }

    /// Only the two forms the cache writes; nil for anything else.
    static func fastDate(from string: String) -> Date? {
        var string = string
        return string.withUTF8(parse)
    }

    /// `yyyy-MM-ddTHH:mm:ss[.f+]Z`, or nil to let `RFC3339` try.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for index in start..<(start + count) {
                let digit = Int(bytes[index]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard bytes.count >= 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A,
            bytes[16] == 0x3A, bytes[bytes.count - 1] == 0x5A,
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var fraction = 0.0
        if bytes.count > 20 {
            guard bytes[19] == 0x2E, bytes.count > 21, bytes.count < 32, let digits = number(20, bytes.count - 21)
            else { return nil }
            fraction = Double(digits) / pow(10, Double(bytes.count - 21))
        }
        let days = Self.days(fromYear: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    // Days since 1970-01-01 in the proleptic Gregorian calendar, and back: the era-based
    // algorithm from Howard Hinnant's "chrono-Compatible Low-Level Date Algorithms".
    private static func days(fromYear year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
