import Foundation

/// Dates as feeds write them: RFC 822/2822 in RSS (with the variants found in the wild),
/// RFC 3339 / ISO 8601 / W3CDTF in Atom, RDF and JSON Feed.
///
/// Hand-written rather than built on `DateFormatter`, which is slow and knows only one
/// pattern at a time; the parser tries the shapes feeds use and returns nil for anything else.
public enum FeedDate {
    /// `2026-11-30T04:00:00Z` (RFC 3339 §5.6, in UTC, whole seconds unless the date has a fraction).
    public static func rfc3339(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        let seconds = interval.rounded(.down)
        let parts = CivilTime(epochSeconds: Int64(seconds))
        var text = parts.iso8601
        let fraction = interval - seconds
        if fraction >= 0.0005 {
            let millis = min(999, Int((fraction * 1000).rounded()))
            text += "." + String(format: "%03d", millis)
        }
        return text + "Z"
    }

    /// Reads any date a feed may hold: RFC 3339 and its ISO 8601 / W3CDTF relatives first,
    /// then RFC 822 and its wild variants. Nil when it is none of these.
    public static func parse(_ text: String) -> Date? {
        var scanner = DateScanner(text)
        scanner.skipSpaces()
        guard !scanner.isAtEnd else { return nil }
        if let date = scanner.iso8601() { return date }
        var rfc822 = DateScanner(text)
        return rfc822.rfc822()
    }
}

/// A UTC calendar time, converted to and from seconds since 1970 with the civil-date
/// algorithms (proleptic Gregorian calendar).
struct CivilTime {
    var year: Int64, month: Int64, day: Int64
    var hour: Int64, minute: Int64, second: Int64

    init(year: Int64, month: Int64, day: Int64, hour: Int64 = 0, minute: Int64 = 0, second: Int64 = 0) {
        (self.year, self.month, self.day) = (year, month, day)
        (self.hour, self.minute, self.second) = (hour, minute, second)
    }

    init(epochSeconds: Int64) {
        var days = epochSeconds / 86_400
        var rest = epochSeconds % 86_400
        if rest < 0 { rest += 86_400; days -= 1 }
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        hour = rest / 3600
        minute = rest / 60 % 60
        second = rest % 60
    }

    /// Seconds since 1970-01-01T00:00:00Z.
    var epochSeconds: Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * mp + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return days * 86_400 + hour * 3600 + minute * 60 + second
    }

    var isValid: Bool {
        guard (1...12).contains(month), day >= 1, hour <= 24, minute <= 59, second <= 60 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths: [Int64] = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[Int(month - 1)]
    }

    var iso8601: String {
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
    }
}
