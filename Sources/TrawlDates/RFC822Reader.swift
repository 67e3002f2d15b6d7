import Foundation

/// Reads RFC 822 / RFC 2822 dates and the variants feeds really write:
/// `Thu, 01 Jan 2004 19:48:21 GMT`, `1 Jan 2004 19:48 EST`, `Thursday, 01-Jan-04 19:48:21 -0500`,
/// `Thu Jan  1 19:48:21 2004`, in any case; a missing time is midnight, a missing zone UTC.
struct RFC822Reader {
    private let bytes: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    func date() -> Date? {
        var day: Int?, month: Int?, year: Int?
        var clock: (Int, Int, Int)?
        var offset = 0
        var afternoon: Bool?
        for token in tokens() {
            guard let first = token.first else { continue }
            let zoneDigits = token.dropFirst().filter { $0 != 0x3A }
            if first == 0x2B || first == 0x2D, zoneDigits.count >= 2, zoneDigits.count <= 4,
                zoneDigits.allSatisfy(isDigit)
            {
                // +0500, -05, +05:30
                let number = Self.number(zoneDigits)
                let hours = zoneDigits.count >= 3 ? number / 100 : number
                let minutes = zoneDigits.count >= 3 ? number % 100 : 0
                guard hours <= 23, minutes <= 59 else { return nil }
                offset = (hours * 3_600 + minutes * 60) * (first == 0x2D ? -1 : 1)
            } else if token.contains(0x3A) {
                guard clock == nil, let parsed = Self.clock(token) else { return nil }
                clock = parsed
            } else if token.allSatisfy(isDigit) {
                // Five digits or more is no year a date can hold (and would overflow soon after).
                guard token.count <= 4 else { return nil }
                let number = Self.number(token)
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
                } else if let zone = ZoneNames.offset(word) {
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
            (time.hour, time.minute, time.second) = (hour, minute, second)
            if let afternoon {
                guard hour <= 12 else { return nil }
                if afternoon && hour < 12 { time.hour += 12 }
                if !afternoon && hour == 12 { time.hour = 0 }
            }
        }
        return time.date(offset: offset)
    }

    /// Splits on spaces, commas and the dashes of `01-Jan-2004`, keeping a zone's leading sign.
    private func tokens() -> [ArraySlice<UInt8>] {
        var tokens: [ArraySlice<UInt8>] = []
        var token: [UInt8] = []
        func flush() {
            if !token.isEmpty { tokens.append(token[...]) }
            token = []
        }
        for byte in bytes {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x2C:
                flush()
            case 0x2D where !token.isEmpty && !token.contains(0x3A):
                flush()
            case 0x2B, 0x2D:
                flush()
                token = [byte]
            case 0x2E where token.isEmpty:
                continue
            default:
                if let last = token.last, isLetter(last) != isLetter(byte), last != 0x2B, last != 0x2D, last != 0x3A,
                    byte != 0x3A, byte != 0x2E
                {
                    flush()
                }
                token.append(byte)
            }
        }
        flush()
        return tokens
    }

    private static func clock(_ token: ArraySlice<UInt8>) -> (Int, Int, Int)? {
        let parts = token.split(separator: 0x3A, omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        var numbers: [Int] = []
        for (position, part) in parts.enumerated() {
            // Seconds may carry a fraction: `19:48:21.25`.
            let whole = position == 2 ? part.prefix { $0 != 0x2E } : part
            guard !whole.isEmpty, whole.count <= 2, whole.allSatisfy(isDigit) else { return nil }
            numbers.append(number(whole))
        }
        return (numbers[0], numbers[1], numbers.count == 3 ? numbers[2] : 0)
    }

    /// The value of at most a few ASCII digits (callers check the count).
    private static func number<S: Sequence>(_ digits: S) -> Int where S.Element == UInt8 {
        digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    private static func month(_ word: String) -> Int? {
        guard word.count >= 3 else { return nil }
        let names = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
        guard let index = names.firstIndex(of: String(word.prefix(3))) else { return nil }
        let full = [
            "JANUARY", "FEBRUARY", "MARCH", "APRIL", "MAY", "JUNE", "JULY", "AUGUST", "SEPTEMBER", "OCTOBER",
            "NOVEMBER", "DECEMBER",
        ]
        guard word.count == 3 || full[index].hasPrefix(word) || word == "SEPT" else { return nil }
        return index + 1
    }

    private static func isWeekday(_ word: String) -> Bool {
        let names = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"]
        return word.count >= 2 && names.contains { $0.hasPrefix(word) } || ["TUES", "THUR", "THURS"].contains(word)
    }
}
