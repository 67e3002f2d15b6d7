import Foundation

/// Matches one text against a compiled `DatePattern`, field by field, without backtracking.
struct PatternReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func read(_ pattern: DatePattern) -> Date? {
        var time = CivilTime(year: 1970, month: 1, day: 1)
        var hour12: Int?
        var afternoon: Bool?
        var fraction = 0.0
        var offset = 0
        let tokens = pattern.tokens
        for (position, token) in tokens.enumerated() {
            switch token {
            case .space:
                guard skipSpaces() else { return nil }
            case .literal(let literal):
                guard matchLiteral(literal) else { return nil }
            case .field(let field):
                // A numeric field right before another reads exactly its width (`yyyyMMdd`).
                var nextIsNumber = false
                if position + 1 < tokens.count, case .field(let next) = tokens[position + 1] {
                    nextIsNumber = next.isNumeric
                }
                switch field {
                case .year(let digits):
                    guard
                        let (value, count) = number(
                            min: digits == 2 ? 2 : 1, max: digits == 2 ? 2 : 4,
                            exact: nextIsNumber ? max(digits, 2) : nil)
                    else { return nil }
                    time.year = digits == 2 && count == 2 ? (value < 69 ? 2000 + value : 1900 + value) : value
                case .month(let digits):
                    guard let value = number(digits, exact: nextIsNumber) else { return nil }
                    time.month = value
                case .day(let digits):
                    guard let value = number(digits, exact: nextIsNumber) else { return nil }
                    time.day = value
                case .hour24(let digits):
                    guard let value = number(digits, exact: nextIsNumber), value < 24 else { return nil }
                    time.hour = value
                case .hour12(let digits):
                    guard let value = number(digits, exact: nextIsNumber), (1...12).contains(value) else { return nil }
                    hour12 = value
                case .minute(let digits):
                    guard let value = number(digits, exact: nextIsNumber) else { return nil }
                    time.minute = value
                case .second(let digits):
                    guard let value = number(digits, exact: nextIsNumber) else { return nil }
                    time.second = value
                case .fraction(let digits):
                    guard let (value, count) = number(min: 1, max: 9, exact: nextIsNumber ? digits : nil) else {
                        return nil
                    }
                    fraction = Double(value) / pow(10, Double(count))
                case .monthName:
                    guard let month = matchName(pattern.names(for: field)) else { return nil }
                    time.month = month + 1
                case .weekdayName:
                    guard matchName(pattern.names(for: field)) != nil else { return nil }
                case .dayPeriod:
                    guard let period = matchName(pattern.names(for: field)) else { return nil }
                    afternoon = period == 1
                case .zone:
                    guard let zone = readZone() else { return nil }
                    offset = zone
                }
            }
        }
        guard index == bytes.count else { return nil }
        if let hour12 { time.hour = hour12 % 12 + (afternoon == true ? 12 : 0) }
        return time.date(offset: offset, fraction: fraction)
    }

    // MARK: Pieces

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// One or more white space characters: ASCII, no-break space, narrow no-break space.
    private mutating func skipSpaces() -> Bool {
        let start = index
        while index < bytes.count {
            if isSpace(bytes[index]) {
                index += 1
            } else if bytes[index] == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0xA0 {
                index += 2
            } else if bytes[index] == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
                bytes[index + 2] == 0xAF || bytes[index + 2] == 0x89
            {
                index += 3
            } else {
                break
            }
        }
        return index > start
    }

    private mutating func matchLiteral(_ literal: [UInt8]) -> Bool {
        guard index + literal.count <= bytes.count else { return false }
        for (offset, byte) in literal.enumerated() where fold(bytes[index + offset]) != fold(byte) {
            return false
        }
        index += literal.count
        return true
    }

    /// The longest name that stands here, then a dot after it if there is one.
    private mutating func matchName(_ names: NameList) -> Int? {
        for (name, value) in names.entries where index + name.count <= bytes.count {
            var matches = true
            for (offset, byte) in name.enumerated() where fold(bytes[index + offset]) != byte {
                matches = false
                break
            }
            guard matches else { continue }
            // A name must end at a word's end: `mar` is no match for `marzipan`.
            let end = index + name.count
            if end < bytes.count, name.last.map(isLetter) == true, isLetter(bytes[end]) { continue }
            index = end
            if current == 0x2E, name.last != 0x2E { index += 1 }
            return value
        }
        return nil
    }

    private mutating func number(_ digits: Int, exact: Bool) -> Int? {
        number(min: 1, max: max(digits, 2), exact: exact ? max(digits, 2) : nil)?.value
    }

    private mutating func number(min: Int, max: Int, exact: Int?) -> (value: Int, count: Int)? {
        var value = 0
        var count = 0
        let limit = exact ?? max
        while count < limit, let byte = current, isDigit(byte) {
            value = value * 10 + Int(byte - 0x30)
            count += 1
            index += 1
        }
        // More digits than the field holds is no date (and no overflow either).
        if exact == nil, let byte = current, isDigit(byte) { return nil }
        guard count >= (exact ?? min) else { return nil }
        return (value, count)
    }

    /// `Z`, `±hh`, `±hhmm`, `±hh:mm`, `GMT`/`UTC` with or without an offset, or a zone name.
    private mutating func readZone() -> Int? {
        if matchLiteral(Array("gmt".utf8)) || matchLiteral(Array("utc".utf8)) {
            guard let sign = current, sign == 0x2B || sign == 0x2D else { return 0 }
        }
        if let sign = current, sign == 0x2B || sign == 0x2D {
            index += 1
            guard let (hours, _) = number(min: 2, max: 2, exact: 2), hours <= 23 else { return nil }
            var minutes = 0
            if current == 0x3A { index += 1 }
            if let byte = current, isDigit(byte) {
                guard let (value, _) = number(min: 2, max: 2, exact: 2), value <= 59 else { return nil }
                minutes = value
            }
            return (hours * 3_600 + minutes * 60) * (sign == 0x2D ? -1 : 1)
        }
        let start = index
        while let byte = current, isLetter(byte), index - start < 5 { index += 1 }
        return ZoneNames.offset(UnsafeBufferPointer(rebasing: bytes[start..<index]))
    }

    private func fold(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}

extension DatePattern.Field {
    var isNumeric: Bool {
        switch self {
        case .monthName, .weekdayName, .dayPeriod, .zone: false
        default: true
        }
    }
}
