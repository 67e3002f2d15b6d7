import Foundation

/// Dates as the site shows them, always in UTC so the output does not depend on the
/// machine's time zone.
enum SiteDate {
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar
    }()

    static func parts(_ date: Date) -> DateComponents {
        calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    }

    private static func two(_ number: Int?) -> String {
        let text = String(number ?? 0)
        return text.count < 2 ? "0" + text : text
    }

    /// `2026-11-30`: the day a digest covers, and the date in a `tag:` id.
    static func day(_ date: Date) -> String {
        let parts = parts(date)
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day))"
    }

    /// `2026-11-30 04:00 UTC`.
    static func minute(_ date: Date) -> String {
        let parts = parts(date)
        return "\(day(date)) \(two(parts.hour)):\(two(parts.minute)) UTC"
    }

    /// `2026-11-30`, or with the time when it is not midnight (dates scraped from a page
    /// are often days alone).
    static func short(_ date: Date) -> String {
        let parts = parts(date)
        return parts.hour == 0 && parts.minute == 0 ? day(date) : minute(date)
    }

    /// Midnight UTC of `date`'s day.
    static func startOfDay(_ date: Date) -> Date {
        calendar.startOfDay(for: date)
    }
}
