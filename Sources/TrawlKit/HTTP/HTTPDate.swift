import Foundation
import TrawlDates

/// Dates in HTTP header fields (RFC 9110 §5.6.7): IMF-fixdate is written; IMF-fixdate,
/// the obsolete RFC 850 form and asctime are all read (`DateCodec`'s).
enum HTTPDate {
    /// `Sun, 06 Nov 1994 08:49:37 GMT`.
    public static func format(_ date: Date) -> String {
        DateCodec.httpDate(date)
    }

    /// The date in any of the three forms, or nil.
    public static func parse(_ text: String) -> Date? {
        DateCodec.parseHTTPDate(text)
    }
}
