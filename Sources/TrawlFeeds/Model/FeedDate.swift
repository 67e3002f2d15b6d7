import Foundation
import TrawlDates

/// Dates as feeds write them: RFC 822/2822 in RSS (with the variants found in the wild),
/// RFC 3339 / ISO 8601 / W3CDTF in Atom, RDF and JSON Feed. The reading and writing are
/// `DateCodec`'s, shared with the rest of Trawl.
public enum FeedDate {
    /// `2026-11-30T04:00:00Z` (RFC 3339 §5.6, in UTC, with milliseconds when the date has a
    /// fraction of a second, rounded to the nearest).
    public static func rfc3339(_ date: Date) -> String {
        DateCodec.rfc3339(date)
    }

    /// Reads any date a feed may hold: RFC 3339 and its ISO 8601 / W3CDTF relatives first,
    /// then RFC 822 and its wild variants. Nil when it is none of these, or when it lies
    /// outside years 1–9999 (a year no feed means, and one the cache could not keep).
    public static func parse(_ text: String) -> Date? {
        DateCodec.parseFeedDate(text)
    }
}
