import Foundation

/// Dates in HTTP header fields (RFC 9110 §5.6.7): IMF-fixdate is written; IMF-fixdate,
/// the obsolete RFC 850 form and asctime are all read.
public enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Sun, 06 Nov 1994 08:49:37 GMT`.
    public static func format(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return
            "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    /// The date in any of the three forms, or nil.
    public static func parse(_ text: String) -> Date? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" }).map(String.init)
        guard words.count >= 5 else { return nil }
        // IMF-fixdate and RFC 850: weekday, day, month, year, time. asctime: weekday, month, day, time, year.
        let (dayWord, monthWord, yearWord, clockWord) =
            Int(words[1]) != nil ? (words[1], words[2], words[3], words[4]) : (words[2], words[1], words[4], words[3])
        let clock = clockWord.split(separator: ":").compactMap { Int($0) }
        guard let day = Int(dayWord), var year = Int(yearWord), let month = months.firstIndex(of: monthWord),
            clock.count == 3, (1...31).contains(day), clock[0] < 24, clock[1] < 60, clock[2] < 61
        else { return nil }
        // RFC 9110 §5.6.7: a two-digit year more than 50 years ahead is in the past century.
        if year < 100 { year += year < 70 ? 2000 : 1900 }
        var components = DateComponents()
        components.calendar = Calendar(identifier: .gregorian)
        components.timeZone = TimeZone(identifier: "GMT")
        components.year = year
        components.month = month + 1
        components.day = day
        components.hour = clock[0]
        components.minute = clock[1]
        components.second = clock[2]
        return components.date
    }
}
