import Foundation

/// RFC 3339 timestamps in UTC, the one date format of the cache and the feeds.
public enum RFC3339 {
    /// `2026-11-30T04:00:00Z`, or with fractional seconds when the date has them.
    public static func string(from date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        let formatter = seconds.rounded() == seconds ? whole : fractional
        return formatter.string(from: date)
    }

    /// Reads RFC 3339 with or without fractional seconds, with any offset.
    public static func date(from string: String) -> Date? {
        whole.date(from: string) ?? fractional.date(from: string)
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
