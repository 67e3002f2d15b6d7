import Foundation

/// Reads the date shapes of `FeedDate.parse` from UTF-8 bytes.
struct DateScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    var isAtEnd: Bool { index >= bytes.count }
    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipSpaces() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func digits(exactly count: Int) -> Int64? {
        guard index + count <= bytes.count else { return nil }
        var value: Int64 = 0
        for offset in 0..<count {
            let byte = bytes[index + offset]
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int64(byte - 0x30)
        }
        index += count
        return value
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        index += 1
        return true
    }

    // MARK: RFC 3339, ISO 8601, W3CDTF

    /// `2004-01-01T19:48:21Z`, `2004-01-01T19:48:21.5+01:00`, `2004-01-01`, `2004-01`, `2004`,
    /// `20040101T194821Z`, `2004-01-01 19:48:21` (a space for `T`); a missing zone means UTC.
    mutating func iso8601() -> Date? {
        guard let year = digits(exactly: 4) else { return nil }
        var month: Int64 = 1, day: Int64 = 1
        if take(0x2D) {  // -
            guard let m = digits(exactly: 2) else { return nil }
            month = m
            if take(0x2D) {
                guard let d = digits(exactly: 2) else { return nil }
                day = d
            }
        } else if let m = digits(exactly: 2) {
            month = m
            guard let d = digits(exactly: 2) else { return nil }
            day = d
        }
        var time = CivilTime(year: year, month: month, day: day)
        var fraction = 0.0
        var offset: Int64 = 0
        if take(0x54) || take(0x74)
            || (current == 0x20 && index + 1 < bytes.count && isDigit(bytes[index + 1]) && take(0x20))
        {
            guard let hour = digits(exactly: 2) else { return nil }
            let extended = take(0x3A)
            guard let minute = digits(exactly: 2) else { return nil }
            time.hour = hour
            time.minute = minute
            if (extended && take(0x3A)) || (!extended && current.map(isDigit) == true) {
                guard let second = digits(exactly: 2) else { return nil }
                time.second = second
                if take(0x2E) || take(0x2C) {
                    var scale = 0.1
                    while let byte = current, isDigit(byte) {
                        fraction += Double(byte - 0x30) * scale
                        scale /= 10
                        index += 1
                    }
                }
            }
            skipSpaces()
            if take(0x5A) || take(0x7A) {  // Z
            } else if let sign = current, sign == 0x2B || sign == 0x2D {
                index += 1
                guard let hours = digits(exactly: 2) else { return nil }
                _ = take(0x3A)
                let minutes = digits(exactly: 2) ?? 0
                offset = (hours * 3600 + minutes * 60) * (sign == 0x2D ? -1 : 1)
            } else if !isAtEnd {
                var zone = ""
                while let byte = current, isLetter(byte) {
                    zone.unicodeScalars.append(Unicode.Scalar(byte)); index += 1
                }
                guard let known = Self.zoneOffset(zone.uppercased()) else { return nil }
                offset = known
            }
        }
        skipSpaces()
        guard isAtEnd, time.isValid else { return nil }
        return Date(timeIntervalSince1970: Double(time.epochSeconds - offset) + fraction)
    }

    // MARK: RFC 822, RFC 2822 and what feeds really write

    /// `Thu, 01 Jan 2004 19:48:21 GMT`, `1 Jan 2004 19:48 EST`, `Thursday, 01-Jan-04 19:48:21 -0500`,
    /// `Thu Jan  1 19:48:21 2004`, in any case; a missing time is midnight, a missing zone UTC.
    mutating func rfc822() -> Date? {
        var day: Int64?, month: Int64?, year: Int64?
        var clock: (Int64, Int64, Int64)?
        var offset: Int64 = 0
        var afternoon: Bool?
        for token in tokens() {
            guard let first = token.first else { continue }
            let zoneDigits = token.dropFirst().filter { $0 != 0x3A }
            if (first == 0x2B || first == 0x2D), zoneDigits.count >= 2, zoneDigits.count <= 4,
                zoneDigits.allSatisfy(isDigit)
            {
                // +0500, -05, +05:30
                let number = Self.number(zoneDigits)
                let hours = zoneDigits.count >= 3 ? number / 100 : number
                let minutes = zoneDigits.count >= 3 ? number % 100 : 0
                offset = (hours * 3600 + minutes * 60) * (first == 0x2D ? -1 : 1)
            } else if token.contains(0x3A) {
                guard clock == nil, let parsed = Self.clock(token) else { return nil }
                clock = parsed
            } else if token.allSatisfy(isDigit) {
                let number = Self.number(token[...])
                if token.count >= 3 || (day != nil && year == nil) || number > 31 {
                    guard year == nil else { return nil }
                    year = token.count <= 2 ? (number < 50 ? 2000 + number : 1900 + number) : number
                } else if day == nil {
                    day = number
                } else {
                    return nil
                }
            } else if token.allSatisfy(isLetter) {
                let word = String(decoding: token, as: UTF8.self).uppercased()
                if let m = Self.month(word) {
                    month = m
                } else if word == "AM" || word == "PM" {
                    afternoon = word == "PM"
                } else if let zone = Self.zoneOffset(word) {
                    offset = zone
                } else if Self.isWeekday(word) {
                    continue
                } else {
                    return nil
                }
            } else {
                return nil
            }
        }
        guard let day, let month, let year else { return nil }
        var time = CivilTime(year: year, month: month, day: day)
        if let (hour, minute, second) = clock {
            time.hour = hour
            time.minute = minute
            time.second = second
            if let afternoon {
                if afternoon && hour < 12 { time.hour += 12 }
                if !afternoon && hour == 12 { time.hour = 0 }
            }
        }
        guard time.isValid else { return nil }
        return Date(timeIntervalSince1970: Double(time.epochSeconds - offset))
    }

    /// Splits on spaces, commas and the dashes of `01-Jan-2004`, keeping a zone's leading sign.
    private func tokens() -> [[UInt8]] {
        var tokens: [[UInt8]] = []
        var token: [UInt8] = []
        for byte in bytes {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x2C:
                if !token.isEmpty { tokens.append(token); token = [] }
            case 0x2D where !token.isEmpty && !token.contains(0x3A):
                tokens.append(token)
                token = []
            case 0x2B, 0x2D:
                if !token.isEmpty { tokens.append(token) }
                token = [byte]
            case 0x2E where token.isEmpty:
                continue
            default:
                if let last = token.last, isLetter(last) != isLetter(byte), last != 0x2B, last != 0x2D, last != 0x3A,
                    byte != 0x3A, byte != 0x2E
                {
                    tokens.append(token)
                    token = []
                }
                token.append(byte)
            }
        }
        if !token.isEmpty { tokens.append(token) }
        return tokens
    }

    private static func clock(_ token: [UInt8]) -> (Int64, Int64, Int64)? {
        let parts = token.split(separator: 0x3A, omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        var numbers: [Int64] = []
        for (position, part) in parts.enumerated() {
            // Seconds may carry a fraction: `19:48:21.25`.
            let whole = position == 2 ? part.prefix { $0 != 0x2E } : part[...]
            guard !whole.isEmpty, whole.count <= 2, whole.allSatisfy(isDigit) else { return nil }
            numbers.append(number(whole))
        }
        return (numbers[0], numbers[1], numbers.count == 3 ? numbers[2] : 0)
    }

    private static func number<S: Sequence>(_ digits: S) -> Int64 where S.Element == UInt8 {
        digits.reduce(0) { $0 * 10 + Int64($1 - 0x30) }
    }

    private static func month(_ word: String) -> Int64? {
        guard word.count >= 3 else { return nil }
        let names = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
        guard let index = names.firstIndex(of: String(word.prefix(3))) else { return nil }
        let full = [
            "JANUARY", "FEBRUARY", "MARCH", "APRIL", "MAY", "JUNE", "JULY", "AUGUST", "SEPTEMBER", "OCTOBER",
            "NOVEMBER", "DECEMBER",
        ]
        guard word.count == 3 || full[index].hasPrefix(word) || word == "SEPT" else { return nil }
        return Int64(index + 1)
    }

    private static func isWeekday(_ word: String) -> Bool {
        let names = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"]
        return word.count >= 2 && names.contains { $0.hasPrefix(word) } || ["TUES", "THUR", "THURS"].contains(word)
    }

    /// RFC 822 §5.1 zones, a few more that feeds use, and the military letters
    /// (read as UTC, as RFC 2822 §4.3 advises, since RFC 822 got their signs backwards).
    static func zoneOffset(_ name: String) -> Int64? {
        let hours: Double? =
            switch name {
            case "UT", "UTC", "GMT", "Z", "WET": 0
            case "EST": -5
            case "EDT": -4
            case "CST": -6
            case "CDT": -5
            case "MST": -7
            case "MDT": -6
            case "PST": -8
            case "PDT": -7
            case "AST": -4
            case "ADT": -3
            case "AKST": -9
            case "AKDT": -8
            case "HST": -10
            case "NST": -3.5
            case "BST", "CET", "WEST", "MET": 1
            case "CEST", "EET", "MEST": 2
            case "EEST", "MSK": 3
            case "IST": 5.5
            case "JST", "KST": 9
            case "AEST": 10
            case "ACST": 9.5
            case "AEDT": 11
            case "NZST": 12
            case "NZDT": 13
            default: name.count == 1 && name != "J" ? 0 : nil
            }
        return hours.map { Int64($0 * 3600) }
    }
}

private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
private func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
