import Foundation

/// Every date Trawl reads or writes as text, in one place: RFC 3339 (the cache, Atom,
/// JSON Feed), the RFC 822 family feeds write, HTTP dates (RFC 9110 §5.6.7), run ids and
/// the site's day and minute. All hand-written on UTF-8 bytes (ICU is slow and keeps
/// per-thread state), and all range-checked: any text that would give a date outside
/// years 1–9999 reads as nil, never as a trap or a date that changes on the way back.
public enum DateCodec {
    // MARK: Writing

    /// `2026-11-30T04:00:00Z`, or `2026-11-30T04:00:00.123Z` when the date, rounded to the
    /// nearest millisecond, has a fraction (RFC 3339 §5.6, in UTC).
    public static func rfc3339(_ date: Date) -> String {
        let time = CivilTime(date)
        var bytes = DateBytes()
        bytes.appendDay(time)
        bytes.append("T")
        bytes.appendClock(time, separator: ":")
        if time.millisecond != 0 {
            bytes.append(".")
            bytes.append(time.millisecond, width: 3)
        }
        bytes.append("Z")
        return bytes.string
    }

    /// `20261130T040000.123Z`: a run id, the start to the millisecond (truncated, so an id
    /// never names a moment after the run started), safe in file names and sorting by time.
    public static func compactTimestamp(_ date: Date) -> String {
        let truncated = (date.timeIntervalSince1970 * 1_000).rounded(.down) / 1_000
        let time = CivilTime(Date(timeIntervalSince1970: truncated))
        var bytes = DateBytes()
        bytes.append(time.year, width: 4)
        bytes.append(time.month, width: 2)
        bytes.append(time.day, width: 2)
        bytes.append("T")
        bytes.appendClock(time, separator: nil)
        bytes.append(".")
        bytes.append(time.millisecond, width: 3)
        bytes.append("Z")
        return bytes.string
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT` (IMF-fixdate), whole seconds rounded down.
    public static func httpDate(_ date: Date) -> String {
        let time = CivilTime(epochSeconds: wholeSeconds(date))
        var bytes = DateBytes()
        bytes.append(Self.weekdayNames[time.weekday])
        bytes.append(", ")
        bytes.append(time.day, width: 2)
        bytes.append(" ")
        bytes.append(Self.monthNames[time.month - 1])
        bytes.append(" ")
        bytes.append(time.year, width: 4)
        bytes.append(" ")
        bytes.appendClock(time, separator: ":")
        bytes.append(" GMT")
        return bytes.string
    }

    /// `2026-11-30`, the UTC day of `date`.
    public static func day(_ date: Date) -> String {
        let time = CivilTime(epochSeconds: wholeSeconds(date))
        var bytes = DateBytes()
        bytes.appendDay(time)
        return bytes.string
    }

    /// `2026-11-30 04:00 UTC`.
    public static func minute(_ date: Date) -> String {
        let time = CivilTime(epochSeconds: wholeSeconds(date))
        var bytes = DateBytes()
        bytes.append(day(date))
        bytes.append(" ")
        bytes.append(time.hour, width: 2)
        bytes.append(":")
        bytes.append(time.minute, width: 2)
        bytes.append(" UTC")
        return bytes.string
    }

    /// Midnight UTC of `date`'s day.
    public static func startOfDay(_ date: Date) -> Date {
        let seconds = wholeSeconds(date)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        return Date(timeIntervalSince1970: Double(days * 86_400))
    }

    /// The whole seconds since 1970 of `date` (rounded down), clamped to years 1–9999.
    static func wholeSeconds(_ date: Date) -> Int64 {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite else { return 0 }
        return Int64(min(max(interval.rounded(.down), Double(CivilTime.firstSecond)), Double(CivilTime.lastSecond)))
    }

    // MARK: Reading

    /// Whether `date` lies in years 1–9999, the range every parser keeps to (for dates that
    /// come from elsewhere, such as ICU).
    public static func isInRange(_ date: Date) -> Bool {
        let interval = date.timeIntervalSince1970
        return interval >= Double(CivilTime.firstSecond) && interval < Double(CivilTime.lastSecond + 1)
    }

    /// RFC 3339 exactly (`T`/`Z` in either case, any offset, any fraction), or nil.
    public static func parseRFC3339(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes in
            var scanner = DateScanner(bytes)
            return scanner.rfc3339()
        }
    }

    /// Any date a feed may hold: RFC 3339 and its ISO 8601 / W3CDTF relatives (`2004-01`,
    /// `20040101T194821Z`, a space for `T`), then RFC 822 and its wild variants. Nil when it is
    /// none of these.
    public static func parseFeedDate(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes in
            var scanner = DateScanner(bytes)
            scanner.skipSpaces()
            guard !scanner.isAtEnd else { return nil }
            if let date = scanner.iso8601() { return date }
            return RFC822Reader(bytes).date()
        }
    }

    /// An HTTP date in any of the three forms RFC 9110 §5.6.7 says to accept: IMF-fixdate,
    /// RFC 850 and asctime; nil for anything else.
    public static func parseHTTPDate(_ text: String) -> Date? {
        HTTPDateReader.date(text)
    }

    /// The start time a run id names (`20261130T040000.123Z` or `20261130T040000Z`), or nil.
    public static func parseCompactTimestamp(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 16, bytes[8] == UInt8(ascii: "T") else { return nil }
        // Back to RFC 3339: a dash after the year and month, a colon after the hour and minute.
        var expanded: [UInt8] = []
        for (position, byte) in bytes.enumerated() {
            if position == 4 || position == 6 { expanded.append(0x2D) }
            if position == 11 || position == 13 { expanded.append(0x3A) }
            expanded.append(byte)
        }
        return parseRFC3339(String(decoding: expanded, as: UTF8.self))
    }

    static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}

/// A few ASCII bytes, built up without the String interpolation that dominated date writing.
struct DateBytes {
    private var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(32) }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// `value` in decimal, zero-padded to `width` digits (more when it needs them).
    /// Written in place, most significant digit first: a snapshot writes two dates an item,
    /// and an array of digits per number was most of their cost.
    mutating func append(_ value: Int, width: Int) {
        guard value >= 0 else { return bytes.append(contentsOf: String(value).utf8) }
        var power = 1
        var count = 1
        while value / power >= 10 {
            power *= 10
            count += 1
        }
        for _ in count..<max(width, count) { bytes.append(48) }
        var rest = value
        while power > 0 {
            bytes.append(UInt8(48 + rest / power))
            rest %= power
            power /= 10
        }
    }

    /// `2026-11-30`.
    mutating func appendDay(_ time: CivilTime) {
        append(time.year, width: 4)
        append("-")
        append(time.month, width: 2)
        append("-")
        append(time.day, width: 2)
    }

    mutating func appendClock(_ time: CivilTime, separator: Character?) {
        append(time.hour, width: 2)
        if let separator { bytes.append(contentsOf: separator.utf8) }
        append(time.minute, width: 2)
        if let separator { bytes.append(contentsOf: separator.utf8) }
        append(time.second, width: 2)
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
