import Foundation
import TrawlDates

/// Turns scraped text into a typed value, as a field's `type` and `format` say.
struct ValueParser: Sendable {
    /// Where relative URLs resolve from: the document's `<base href>` or its own URL.
    var baseURL: URL?

    /// The typed value, or nil when the text is not of that type.
    func value(_ text: String, as type: FieldRule.ValueType, format: String?) -> Value? {
        switch type {
        case .string:
            return .string(text)
        case .int:
            return Int(Self.digitsOnly(text)).map(Value.int)
        case .number:
            // NaN and infinities are not numbers a page means, and JSON cannot hold them.
            return Double(Self.digitsOnly(text)).flatMap { $0.isFinite ? Value.double($0) : nil }
        case .bool:
            switch text.lowercased() {
            case "true", "yes", "on", "1", "y": return .bool(true)
            case "false", "no", "off", "0", "n": return .bool(false)
            default: return nil
            }
        case .date:
            return DateText.parse(text, format: format).map(Value.date)
        case .url:
            return url(text).map(Value.url)
        }
    }

    /// An absolute URL for `text`, resolved against the base; nil for text that is no URL.
    func url(_ text: String) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        let encoded = trimmed.addingPercentEncoding(withAllowedCharacters: Self.urlCharacters) ?? trimmed
        guard let url = URL(string: encoded, relativeTo: baseURL)?.absoluteURL, url.scheme != nil else { return nil }
        return url
    }

    // Thousands separators and stray spaces are presentation, not part of the number.
    private static func digitsOnly(_ text: String) -> String {
        text.filter { !$0.isWhitespace && $0 != "," && $0 != "_" }
    }

    // Characters that may stand in a URL as scraped (including `%` of existing escapes and `#`).
    private static let urlCharacters: CharacterSet = {
        var set = CharacterSet.urlQueryAllowed
        set.insert(charactersIn: "#%[]")
        return set
    }()
}

/// Dates as pages write them.
enum DateText {
    /// Parses `text` with `format` (Unicode date pattern, English month names, UTC), or,
    /// without one, as RFC 3339, ISO 8601 calendar dates, RFC 2822, or common English forms.
    static func parse(_ text: String, format: String?) -> Date? {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let format {
            return cache.date(from: text, format: format).flatMap { DateCodec.isInRange($0) ? $0 : nil }
        }
        if let date = RFC3339.date(from: text) { return date }
        for pattern in fallbackFormats {
            if let date = cache.date(from: text, format: pattern) { return DateCodec.isInRange(date) ? date : nil }
        }
        return nil
    }

    private static let fallbackFormats = [
        "yyyy-MM-dd", "yyyy-MM-dd HH:mm:ss", "EEE, d MMM yyyy HH:mm:ss Z", "d MMM yyyy HH:mm:ss Z",
        "EEE, d MMM yyyy HH:mm Z", "d MMM yyyy", "dd MMM yyyy", "MMMM d, yyyy", "MMM d, yyyy", "d MMMM yyyy",
    ]

    private static let cache = FormatterCache()
}

/// DateFormatters are costly to make and not safe to share between threads: keep one
/// per pattern and use it under a lock.
private final class FormatterCache: @unchecked Sendable {
    private let lock = NSLock()
    private var formatters: [String: DateFormatter] = [:]

    func date(from text: String, format: String) -> Date? {
        lock.withLock {
            let formatter = formatters[format] ?? make(format)
            formatters[format] = formatter
            return formatter.date(from: text)
        }
    }

    private func make(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        formatter.isLenient = false
        return formatter
    }
}
