import Foundation
import TrawlDates

/// A field's value as a person reads it: the one wording that pages, digests, feed entries
/// and notifications share, so "1:40,000" on a page is "1:40,000" in the feed too.
///
/// The raw value stays available beside it (templates get both); this is only for people.
/// Dates are in UTC so the output does not depend on the machine's time zone.
struct ValueWording: Sendable {
    /// What a number means, decided by the field's name (see `Meaning.of(field:)`).
    enum Meaning: Sendable, Equatable {
        case plain
        /// Seconds, written `1:02:03` (or `4:05` under an hour).
        case duration
        /// Bytes, written `45.8 MB` (powers of 1,024, as file managers and podcast apps do).
        case size
        /// A chart's scale denominator, written `1:40,000`.
        case scale
        /// A number that names something (a chart number, an episode, a year): its digits
        /// as they are, `13325` and not `13,325`.
        case identifier

        /// Field names the built-in presets use for each meaning. A name matches whatever
        /// its case or separators (`enclosure_length`, `EnclosureLength`).
        static func of(field: String) -> Meaning {
            memo[field: field]
        }

        /// Each name's meaning, worked out once: working it out builds a string and looks
        /// it up in four sets.
        private static let memo = FieldNameMemo(find)

        /// `of(field:)` worked out.
        fileprivate static func find(field: String) -> Meaning {
            let key = searchKey(field)
            if durationNames.contains(key) { return .duration }
            if sizeNames.contains(key) { return .size }
            if scaleNames.contains(key) { return .scale }
            if identifierNames.contains(key) || field.hasSuffix("Id") || field.hasSuffix("ID")
                || field.lowercased().hasSuffix("_id")
            {
                return .identifier
            }
            return .plain
        }

        /// `field` lower-cased with only its letters and digits; ASCII names (nearly all)
        /// without a walk through Unicode properties, since every item asks for every field.
        private static func searchKey(_ field: String) -> String {
            guard field.utf8.allSatisfy({ $0 < 0x80 }) else {
                return field.lowercased().filter { $0.isLetter || $0.isNumber }
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(field.utf8.count)
            for byte in field.utf8 {
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte + 32)
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): bytes.append(byte)
                default: continue
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        private static let durationNames: Set<String> = ["duration", "runtime", "itunesduration"]
        private static let sizeNames: Set<String> = [
            "enclosurelength", "size", "filesize", "bytes", "contentlength",
        ]
        private static let scaleNames: Set<String> = ["scale"]
        private static let identifierNames: Set<String> = [
            "number", "no", "id", "chart", "episode", "season", "rank", "year", "code", "zip", "postcode",
        ]
    }

    /// The site's language (`site.language`): a BCP 47 tag such as `en` or `de-CH`.
    let language: String
    /// The language's digit group and decimal separators, looked up once.
    private let separators: (group: String, decimal: String)
    /// The language's month names, looked up once: every dated item asks for one.
    private let months: [String]

    init(language: String = "en") {
        self.language = language
        separators = Self.separators(for: language)
        months = Self.monthNames(for: language)
    }

    /// The value of field `field` in words.
    func text(_ value: Value, field: String) -> String {
        switch value {
        case .string(let string): return string
        case .int(let int): return number(int, meaning: .of(field: field))
        case .double(let double):
            if double.rounded() == double, abs(double) < 1e15 {
                return number(Int(double), meaning: .of(field: field))
            }
            return decimal(double, fractionDigits: 2)
        case .bool(let bool): return bool ? "yes" : "no"
        case .date(let date): return self.date(date)
        case .url(let url): return url.absoluteString
        case .list(let values): return values.map { text($0, field: field) }.joined(separator: ", ")
        }
    }

    /// `80,000`, `1:02:03`, `45.8 MB` or `1:80,000`, as `meaning` says.
    func number(_ int: Int, meaning: Meaning = .plain) -> String {
        switch meaning {
        case .plain: return grouped(int)
        case .scale: return "1:" + grouped(int)
        case .identifier: return String(int)
        case .duration: return Self.duration(seconds: int)
        case .size: return size(bytes: int)
        }
    }

    /// `1 December 2026`, or `1 December 2026, 14:05 UTC` when the time is not midnight
    /// (dates scraped from a page are often days alone).
    func date(_ date: Date) -> String {
        let time = CivilTime(date)
        let month = months[time.month - 1]
        let day = "\(time.day) \(month) \(time.year)"
        guard time.hour != 0 || time.minute != 0 else { return day }
        return day + ", " + Self.twoDigits(time.hour) + ":" + Self.twoDigits(time.minute) + " UTC"
    }

    /// `30 November 2026, 04:00 UTC`: a moment, such as when a run started, always with its time.
    func dateTime(_ date: Date) -> String {
        let text = self.date(date)
        return text.contains(":") ? text : text + ", 00:00 UTC"
    }

    /// A field's name as a heading: `enclosureLength` → `Enclosure length`, `url` → `Link`.
    static func label(forField name: String) -> String {
        if let special = specialLabels[name.lowercased()] { return special }
        let characters = Array(name)
        var words: [String] = []
        var word = ""
        for (index, character) in characters.enumerated() {
            if character == "_" || character == "-" || character == " " {
                if !word.isEmpty { words.append(word) }
                word = ""
                continue
            }
            let previous = index > 0 ? characters[index - 1] : nil
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            // `publishedAt` → published|At; `HTTPStatus` → HTTP|Status.
            let startsWord =
                character.isUppercase
                && ((previous.map { $0.isLowercase || $0.isNumber } ?? false)
                    || ((previous?.isUppercase ?? false) && (next?.isLowercase ?? false)))
            if startsWord, !word.isEmpty {
                words.append(word)
                word = ""
            }
            word.append(character)
        }
        if !word.isEmpty { words.append(word) }
        let sentence = words.enumerated().map { index, word in
            let isAcronym = word.count > 1 && word.allSatisfy(\.isUppercase)
            if isAcronym { return word }
            return index == 0 ? word.prefix(1).uppercased() + word.dropFirst().lowercased() : word.lowercased()
        }
        return sentence.isEmpty ? name : sentence.joined(separator: " ")
    }

    private static let specialLabels: [String: String] = [
        "url": "Link", "id": "ID", "enclosure": "Audio", "enclosuretype": "Audio type",
        "enclosurelength": "File size", "artwork": "Artwork", "on": "On",
    ]

    /// `1:02:03`; `4:05` under an hour; negative durations are written as plain numbers.
    static func duration(seconds: Int) -> String {
        guard seconds >= 0 else { return String(seconds) }
        let hours = seconds / 3600
        let minutes = seconds / 60 % 60
        let rest = seconds % 60
        if hours == 0 { return "\(minutes):" + twoDigits(rest) }
        return "\(hours):" + twoDigits(minutes) + ":" + twoDigits(rest)
    }

    /// `45.8 MB`: one decimal from KB up, whole bytes below.
    func size(bytes: Int) -> String {
        guard bytes >= 1024 else { return CountText.of(bytes, "byte", "bytes", shown: grouped(bytes)) }
        var amount = Double(bytes)
        var unit = 0
        let units = ["bytes", "KB", "MB", "GB", "TB", "PB", "EB"]
        while amount >= 1024, unit < units.count - 1 {
            amount /= 1024
            unit += 1
        }
        return decimal(amount, fractionDigits: 1) + " " + units[unit]
    }

    // MARK: Digits

    private static func separators(for language: String) -> (group: String, decimal: String) {
        switch primaryLanguage(language) {
        case "de", "es", "it", "nl", "pt", "da", "id", "tr": return (".", ",")
        case "fr", "nb", "sv", "fi", "cs", "pl", "ru", "uk": return ("\u{202F}", ",")
        default: return (",", ".")
        }
    }

    private func grouped(_ int: Int) -> String {
        let digits = String(int.magnitude)
        let count = digits.utf8.count
        guard count > 3 else { return int < 0 ? "-" + digits : digits }
        let group = separators.group
        var result = int < 0 ? "-" : ""
        result.reserveCapacity(count + count / 3 * group.utf8.count + 1)
        for (index, digit) in digits.utf8.enumerated() {
            if index > 0, (count - index) % 3 == 0 { result += group }
            result.unicodeScalars.append(Unicode.Scalar(digit))
        }
        return result
    }

    private func decimal(_ double: Double, fractionDigits: Int) -> String {
        guard double.isFinite else { return String(double) }
        let scale = pow(10, Double(fractionDigits))
        let rounded = (double * scale).rounded() / scale
        guard abs(rounded) < 1e15 else { return String(double) }
        let whole = Int(rounded)
        let fraction = Int((abs(rounded - Double(whole)) * scale).rounded())
        var digits = String(fraction)
        while digits.count < fractionDigits { digits = "0" + digits }
        let sign = rounded < 0 && whole == 0 ? "-" : ""
        return sign + grouped(whole) + separators.decimal + digits
    }

    private static func twoDigits(_ number: Int) -> String {
        number < 10 ? "0\(number)" : String(number)
    }

    // MARK: Month names

    private static func primaryLanguage(_ tag: String) -> String {
        String(tag.lowercased().prefix { $0.isLetter })
    }

    /// Month names for the languages people most often run sites in; English otherwise.
    static func monthNames(for language: String) -> [String] {
        monthNamesByLanguage[primaryLanguage(language)] ?? monthNamesByLanguage["en"]!
    }

    private static let monthNamesByLanguage: [String: [String]] = [
        "en": [
            "January", "February", "March", "April", "May", "June", "July", "August", "September",
            "October", "November", "December",
        ],
        "de": [
            "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
            "Oktober", "November", "Dezember",
        ],
        "fr": [
            "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
            "octobre", "novembre", "décembre",
        ],
        "es": [
            "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
            "octubre", "noviembre", "diciembre",
        ],
        "pt": [
            "janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro",
            "outubro", "novembro", "dezembro",
        ],
        "it": [
            "gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto",
            "settembre", "ottobre", "novembre", "dicembre",
        ],
        "nl": [
            "januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september",
            "oktober", "november", "december",
        ],
    ]
}
