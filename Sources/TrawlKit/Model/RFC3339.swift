import Foundation
import TrawlDates

/// RFC 3339 timestamps in UTC, the one date format of the cache and the feeds (`DateCodec`'s).
enum RFC3339 {
    /// `2026-11-30T04:00:00Z`, or with milliseconds when the date has a fraction of a second.
    public static func string(from date: Date) -> String {
        DateCodec.rfc3339(date)
    }

    /// Reads RFC 3339 with or without fractional seconds, with any offset; `t` and `z`
    /// may be lower case (RFC 3339 §5.6). Nil outside years 1–9999.
    public static func date(from string: String) -> Date? {
        DateCodec.parseRFC3339(string)
    }
}
