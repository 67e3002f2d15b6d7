import Foundation

/// A UTC calendar time in the proleptic Gregorian calendar, years 1 to 9999 only.
///
/// The range is the one RFC 3339 can write (four-digit years) and the one in which a date's
/// seconds, held as a `Double`, still read back to the millisecond: a date outside it
/// would not survive the cache, so no parser accepts one.
public struct CivilTime: Sendable, Hashable {
    public var year: Int, month: Int, day: Int
    public var hour: Int, minute: Int, second: Int
    /// Milliseconds within the second, 0...999.
    public var millisecond: Int

    /// The years every date in Trawl lies in.
    public static let years: ClosedRange<Int> = 1...9999
    /// The first and last instants of that range, as seconds since 1970.
    public static let firstSecond: Int64 = -62_135_596_800
    public static let lastSecond: Int64 = 253_402_300_799

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, millisecond: Int = 0)
    {
        (self.year, self.month, self.day) = (year, month, day)
        (self.hour, self.minute, self.second, self.millisecond) = (hour, minute, second, millisecond)
    }

    /// The calendar time of `date`, rounded to the nearest millisecond (half away from zero,
    /// carrying into the second). Dates outside years 1–9999 are clamped to the range.
    public init(_ date: Date) {
        let interval = date.timeIntervalSince1970
        let limit = Double(Self.lastSecond) * 1_000 + 999
        let rounded = interval.isFinite ? (interval * 1_000).rounded() : 0
        let milliseconds = Int64(min(max(rounded, Double(Self.firstSecond) * 1_000), limit))
        var seconds = milliseconds / 1_000
        var millisecond = milliseconds % 1_000
        if millisecond < 0 {
            millisecond += 1_000
            seconds -= 1
        }
        self.init(epochSeconds: seconds)
        self.millisecond = Int(millisecond)
    }

    /// The calendar time `epochSeconds` after 1970-01-01T00:00:00Z; the caller keeps it in range.
    public init(epochSeconds: Int64) {
        var days = epochSeconds / 86_400
        var rest = epochSeconds % 86_400
        if rest < 0 {
            rest += 86_400
            days -= 1
        }
        (year, month, day) = Self.civil(fromDays: Int(days))
        hour = Int(rest / 3_600)
        minute = Int(rest / 60 % 60)
        second = Int(rest % 60)
        millisecond = 0
    }

    /// Month, day and clock in their ranges (a leap second and 24:00 allowed, as RFC 3339
    /// and ISO 8601 allow) and the year within `years`.
    public var isValid: Bool {
        guard Self.years.contains(year), (1...12).contains(month), day >= 1,
            day <= Self.length(ofMonth: month, in: year),
            (0...24).contains(hour), (0...59).contains(minute), (0...60).contains(second),
            (0...999).contains(millisecond)
        else { return false }
        return hour < 24 || (minute == 0 && second == 0 && millisecond == 0)
    }

    /// Seconds since 1970-01-01T00:00:00Z (without the milliseconds).
    public var epochSeconds: Int64 {
        Int64(Self.days(fromYear: year, month: month, day: day)) * 86_400 + Int64(hour * 3_600 + minute * 60 + second)
    }

    /// The instant less `offset` seconds (a zone's offset from UTC), or nil when the time is
    /// invalid or the instant falls outside years 1–9999.
    public func date(offset: Int = 0, fraction: Double = 0) -> Date? {
        guard isValid else { return nil }
        let seconds = epochSeconds - Int64(offset)
        guard seconds >= Self.firstSecond, seconds <= Self.lastSecond else { return nil }
        return Date(timeIntervalSince1970: Double(seconds) + Double(millisecond) / 1_000 + fraction)
    }

    /// 0 for Sunday to 6 for Saturday.
    public var weekday: Int {
        let days = Self.days(fromYear: year, month: month, day: day)
        return ((days % 7) + 11) % 7  // 1970-01-01 was a Thursday
    }

    public static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    public static func length(ofMonth month: Int, in year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Days since 1970-01-01 and back: the era-based algorithms of Howard Hinnant's
    // "chrono-Compatible Low-Level Date Algorithms". Callers keep years within a few
    // thousand of 0, so nothing here can overflow.
    public static func days(fromYear year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    public static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
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
