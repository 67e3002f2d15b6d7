import Foundation

/// Reads RFC 3339 and the ISO 8601 / W3CDTF shapes feeds use from UTF-8 bytes.
struct DateScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index >= bytes.count }
    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipSpaces() {
        while let byte = current, isSpace(byte) { index += 1 }
    }

    private mutating func digits(exactly count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for offset in 0..<count {
            let byte = bytes[index + offset]
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        index += count
        return value
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        index += 1
        return true
    }

    private mutating func takeEither(_ upper: UInt8) -> Bool { take(upper) || take(upper | 0x20) }

    /// `yyyy-MM-ddTHH:mm:ss[.f…](Z|±hh:mm)`, `T` and `Z` in either case (RFC 3339 §5.6); nothing else.
    mutating func rfc3339() -> Date? {
        guard let year = digits(exactly: 4), take(0x2D), let month = digits(exactly: 2), take(0x2D),
            let day = digits(exactly: 2), takeEither(0x54), let hour = digits(exactly: 2), take(0x3A),
            let minute = digits(exactly: 2), take(0x3A), let second = digits(exactly: 2)
        else { return nil }
        let fraction = take(0x2E) ? self.fraction(required: true) : 0
        guard let fraction, let offset = zone(allowNames: false), isAtEnd else { return nil }
        let time = CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return time.date(offset: offset, fraction: fraction)
    }

    /// `2004-01-01T19:48:21Z`, `2004-01-01T19:48:21.5+01:00`, `2004-01-01`, `2004-01`, `2004`,
    /// `20040101T194821Z`, `2004-01-01 19:48:21` (a space for `T`); a missing zone means UTC.
    mutating func iso8601() -> Date? {
        guard let year = digits(exactly: 4) else { return nil }
        var time = CivilTime(year: year, month: 1, day: 1)
        if take(0x2D) {  // -
            guard let month = digits(exactly: 2) else { return nil }
            time.month = month
            if take(0x2D) {
                guard let day = digits(exactly: 2) else { return nil }
                time.day = day
            }
        } else if let month = digits(exactly: 2) {
            time.month = month
            guard let day = digits(exactly: 2) else { return nil }
            time.day = day
        }
        var fraction = 0.0
        var offset = 0
        if takeEither(0x54) || (current == 0x20 && index + 1 < bytes.count && isDigit(bytes[index + 1]) && take(0x20)) {
            guard let hour = digits(exactly: 2) else { return nil }
            let extended = take(0x3A)
            guard let minute = digits(exactly: 2) else { return nil }
            (time.hour, time.minute) = (hour, minute)
            if (extended && take(0x3A)) || (!extended && current.map(isDigit) == true) {
                guard let second = digits(exactly: 2) else { return nil }
                time.second = second
                if take(0x2E) || take(0x2C) {
                    guard let value = self.fraction(required: false) else { return nil }
                    fraction = value
                }
            }
            skipSpaces()
            if !isAtEnd {
                guard let zone = zone(allowNames: true) else { return nil }
                offset = zone
            }
        }
        skipSpaces()
        guard isAtEnd else { return nil }
        return time.date(offset: offset, fraction: fraction)
    }

    /// The digits after a decimal point as a fraction of a second; at most nine count, the
    /// rest are read and ignored (a nanosecond is below what a `Date` keeps here).
    private mutating func fraction(required: Bool) -> Double? {
        var value = 0.0
        var scale = 0.1
        var count = 0
        while let byte = current, isDigit(byte) {
            if count < 9 {
                value += Double(byte - 0x30) * scale
                scale /= 10
            }
            count += 1
            index += 1
        }
        return required && count == 0 ? nil : value
    }

    /// `Z`, `±hh:mm` (or `±hhmm`, `±hh` when `allowNames`), or a zone name when `allowNames`;
    /// the offset in seconds east of UTC.
    private mutating func zone(allowNames: Bool) -> Int? {
        if takeEither(0x5A) { return 0 }
        if let sign = current, sign == 0x2B || sign == 0x2D {
            index += 1
            guard let hours = digits(exactly: 2), hours <= 23 else { return nil }
            let colon = take(0x3A)
            var minutes = 0
            if colon || !allowNames {
                guard colon, let value = digits(exactly: 2) else { return nil }
                minutes = value
            } else if let value = digits(exactly: 2) {
                minutes = value
            }
            guard minutes <= 59 else { return nil }
            return (hours * 3_600 + minutes * 60) * (sign == 0x2D ? -1 : 1)
        }
        guard allowNames else { return nil }
        let start = index
        while let byte = current, isLetter(byte), index - start < 8 { index += 1 }
        return ZoneNames.offset(UnsafeBufferPointer(rebasing: bytes[start..<index]))
    }
}

func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
