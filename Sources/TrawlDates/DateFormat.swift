import Foundation

/// A configured date format, ready to parse many texts: a `DatePattern` when the matcher
/// handles the pattern (the usual case), else one ICU `DateFormatter` made once and used
/// under a lock (formatters are costly to make and not safe to share).
public final class DateFormat: @unchecked Sendable {
    public let pattern: String
    public let locale: String
    private let matcher: DatePattern?
    private let formatter: DateFormatter?
    private let lock = NSLock()

    /// `locale` is a language (`de`) or locale identifier (`de-AT`, `pt_BR`); nil means English.
    public init(_ pattern: String, locale: String? = nil) {
        self.pattern = pattern
        self.locale = locale ?? "en"
        matcher = DatePattern(pattern, locale: self.locale)
        if matcher == nil {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: locale ?? "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = pattern
            formatter.isLenient = false
            self.formatter = formatter
        } else {
            formatter = nil
        }
    }

    /// Whether the pattern runs without ICU.
    public var isCompiled: Bool { matcher != nil }

    /// The date `text` holds, or nil; never a date outside years 1–9999.
    public func date(from text: String) -> Date? {
        if let matcher { return matcher.date(from: text) }
        guard let date = lock.withLock({ formatter?.date(from: text) }) else { return nil }
        return DateCodec.isInRange(date) ? date : nil
    }

    /// The format for `pattern` in `locale`, made once per process and shared.
    public static func shared(_ pattern: String, locale: String? = nil) -> DateFormat {
        registry.format(pattern, locale: locale)
    }

    private static let registry = Registry()

    private final class Registry: @unchecked Sendable {
        private let lock = NSLock()
        private struct Key: Hashable {
            let pattern: String
            let locale: String?
        }
        private var formats: [Key: DateFormat] = [:]

        func format(_ pattern: String, locale: String?) -> DateFormat {
            let key = Key(pattern: pattern, locale: locale)
            return lock.withLock {
                if let format = formats[key] { return format }
                let format = DateFormat(pattern, locale: locale)
                formats[key] = format
                return format
            }
        }
    }
}
