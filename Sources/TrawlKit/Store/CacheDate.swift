import Foundation
import TrawlDates

/// RFC 3339 UTC timestamps for the cache: `DateCodec`'s, kept under this name for the
/// cache's readers and writers.
enum CacheDate {
    /// `2026-11-30T04:00:00Z`, or `2026-11-30T04:00:00.123Z` to the nearest millisecond.
    static func string(from date: Date) -> String {
        DateCodec.rfc3339(date)
    }

    /// Any RFC 3339 timestamp in years 1–9999, or nil.
    static func date(from string: String) -> Date? {
        DateCodec.parseRFC3339(string)
    }

    /// The same as `date(from:)`: one parser reads every RFC 3339 form as fast.
    static func fastDate(from string: String) -> Date? {
        DateCodec.parseRFC3339(string)
    }
}
