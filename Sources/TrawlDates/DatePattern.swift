import Foundation

/// A Unicode date pattern (`dd MMM yyyy`, `d. MMMM yyyy`, `yyyy年MM月dd日`,
/// `EEEE, d MMMM yyyy HH:mm`) compiled once into a matcher on UTF-8 bytes, with names
/// from `DateNames`: no ICU, nothing allocated per parse for ASCII text.
///
/// Names match in any case, an abbreviation with or without its dot; a space in the
/// pattern matches any run of white space; fields missing from the pattern default as
/// ICU's do (1970-01-01, midnight, UTC). A two-digit year is 2000–2068 or 1969–1999, as
/// POSIX `strptime` reads it. Patterns with fields it does not know (`D`, `w`, `G`, `k` …)
/// do not compile, and `DateFormat` hands them to ICU.
public struct DatePattern: Sendable {
    enum Field: Sendable {
        case year(digits: Int), month(digits: Int), day(digits: Int)
        case hour24(digits: Int), hour12(digits: Int), minute(digits: Int), second(digits: Int)
        case fraction(digits: Int)
        case monthName, weekdayName, dayPeriod, zone
    }

    enum Token: Sendable {
        case literal([UInt8])
        case space
        case field(Field)
    }

    let tokens: [Token]
    let names: DateNames
    private let monthNames: NameList
    private let weekdayNames: NameList
    private let periodNames: NameList
    private let needsNames: Bool

    /// The compiled pattern, or nil when it holds a field the matcher does not know or the
    /// language is not in `DateNames`.
    public init?(_ pattern: String, locale: String = "en") {
        guard let names = DateNames.forLocale(locale), let tokens = Self.compile(pattern) else { return nil }
        self.tokens = tokens
        self.names = names
        monthNames = NameList(names.months)
        weekdayNames = NameList(names.weekdays)
        periodNames = NameList([names.am, names.pm])
        needsNames = tokens.contains {
            if case .field(let field) = $0 {
                switch field {
                case .monthName, .weekdayName, .dayPeriod: return true
                default: return false
                }
            }
            return false
        }
    }

    /// The date `text` holds in this pattern (all of it), in UTC unless it names a zone;
    /// nil when it does not match or the date is invalid or outside years 1–9999.
    public func date(from text: String) -> Date? {
        // Names compare by lower-cased bytes; ASCII folds as it goes, other scripts fold here.
        var text = needsNames && text.utf8.contains(where: { $0 >= 0x80 }) ? text.lowercased() : text
        return text.withUTF8 { bytes in
            var reader = PatternReader(bytes: bytes)
            return reader.read(self)
        }
    }

    func names(for field: Field) -> NameList {
        switch field {
        case .monthName: monthNames
        case .weekdayName: weekdayNames
        default: periodNames
        }
    }

    // MARK: Compiling

    private static func compile(_ pattern: String) -> [Token]? {
        var tokens: [Token] = []
        var characters = Array(pattern)[...]
        func appendLiteral(_ text: String) {
            for character in text {
                if character.isWhitespace {
                    if case .space = tokens.last {} else { tokens.append(.space) }
                } else if case .literal(let bytes) = tokens.last {
                    tokens[tokens.count - 1] = .literal(bytes + Array(String(character).utf8))
                } else {
                    tokens.append(.literal(Array(String(character).utf8)))
                }
            }
        }
        while let character = characters.first {
            if character == "'" {
                characters = characters.dropFirst()
                if characters.first == "'" {
                    appendLiteral("'")
                    characters = characters.dropFirst()
                    continue
                }
                var quoted = ""
                while let next = characters.first {
                    characters = characters.dropFirst()
                    if next == "'" {
                        if characters.first == "'" {
                            quoted.append("'")
                            characters = characters.dropFirst()
                        } else {
                            break
                        }
                    } else {
                        quoted.append(next)
                    }
                }
                appendLiteral(quoted)
            } else if character.isASCII, character.isLetter {
                let run = characters.prefix { $0 == character }.count
                characters = characters.dropFirst(run)
                guard let field = field(character, count: run) else { return nil }
                tokens.append(.field(field))
            } else {
                appendLiteral(String(character))
                characters = characters.dropFirst()
            }
        }
        return tokens.isEmpty ? nil : tokens
    }

    private static func field(_ letter: Character, count: Int) -> Field? {
        switch letter {
        case "y": .year(digits: count)
        case "M", "L": count >= 3 ? (count <= 4 ? .monthName : nil) : .month(digits: count)
        case "d": count <= 2 ? .day(digits: count) : nil
        case "E": count <= 4 ? .weekdayName : nil
        case "H": count <= 2 ? .hour24(digits: count) : nil
        case "h": count <= 2 ? .hour12(digits: count) : nil
        case "m": count <= 2 ? .minute(digits: count) : nil
        case "s": count <= 2 ? .second(digits: count) : nil
        case "S": count <= 9 ? .fraction(digits: count) : nil
        case "a": .dayPeriod
        case "Z", "X", "x", "z", "O": .zone
        default: nil
        }
    }
}

/// Names as lower-cased UTF-8, longest first so `marzo` wins over `mar`; each with the
/// index it stands for (a month from 0, a weekday from 0 for Sunday, 0 for AM and 1 for PM).
struct NameList: Sendable {
    let entries: [(bytes: [UInt8], value: Int)]

    init(_ groups: [[String]]) {
        var entries: [(bytes: [UInt8], value: Int)] = []
        for (index, names) in groups.enumerated() {
            for name in names {
                let lower = name.lowercased()
                entries.append((Array(lower.utf8), index))
                // `a. m.` as ICU writes it, with a no-break space, as well as a plain one.
                if lower.contains(" ") {
                    entries.append((Array(lower.replacingOccurrences(of: " ", with: "\u{A0}").utf8), index))
                    entries.append((Array(lower.replacingOccurrences(of: " ", with: "\u{202F}").utf8), index))
                }
            }
        }
        self.entries = entries.sorted { $0.bytes.count > $1.bytes.count }
    }
}
