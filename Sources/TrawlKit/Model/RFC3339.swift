import Foundation

/// RFC 3339 timestamps in UTC, the one date format of the cache and the feeds.
public enum RFC3339 {
    /// `2026-11-30T04:00:00Z`, or with milliseconds when the date has a fraction of a second.
    public static func string(from date: Date) -> String {
        CacheDate.string(from: date)
    }

    /// Reads RFC 3339 with or without fractional seconds, with any offset; `t` and `z`
    /// may be lower case (RFC 3339 §5.6).
    public static func date(from string: String) -> Date? {
        if let date = CacheDate.fastDate(from: string) { return date }
        let upper = string.uppercased()
        return whole.date(from: upper) ?? fractional.date(from: upper)
    }

    // ISO8601DateFormatter is thread-safe once configured.
    nonisolated(unsafe) private static let whole: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter
    }()

    nonisolated(unsafe) private static let fractional: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()
}
