import Foundation
import TrawlDates

/// Dates as the site shows them, always in UTC so the output does not depend on the
/// machine's time zone (`DateCodec`'s).
enum SiteDate {
    /// `2026-11-30`: the day a digest covers, and the date in a `tag:` id.
    static func day(_ date: Date) -> String {
        DateCodec.day(date)
    }

    /// `2026-11-30 04:00 UTC`.
    static func minute(_ date: Date) -> String {
        DateCodec.minute(date)
    }

    /// `2026-11-30`, or with the time when it is not midnight (dates scraped from a page
    /// are often days alone).
    static func short(_ date: Date) -> String {
        date.timeIntervalSince(DateCodec.startOfDay(date)) < 60 ? day(date) : minute(date)
    }

    /// Midnight UTC of `date`'s day.
    static func startOfDay(_ date: Date) -> Date {
        DateCodec.startOfDay(date)
    }
}
