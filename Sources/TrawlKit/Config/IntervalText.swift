import Foundation

/// A length of time as people write it in `trawl.json`: whole numbers with a unit, largest
/// first, as in `30m`, `6h`, `1d12h`, `2w` (s, m, h, d, w; a day is 24 hours).
enum IntervalText {
    private static let units: [(Character, TimeInterval)] = [
        ("w", 604_800), ("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1),
    ]

    /// The seconds `text` says, or nil when it is not such a length or is zero.
    static func seconds(_ text: String) -> TimeInterval? {
        var total: TimeInterval = 0
        var digits = ""
        var lastUnit = -1
        for character in text {
            if character.isASCII, character.isNumber {
                digits.append(character)
                continue
            }
            guard let unit = units.firstIndex(where: { $0.0 == character }), unit > lastUnit,
                let count = Int(digits), digits.count <= 6
            else { return nil }
            total += TimeInterval(count) * units[unit].1
            lastUnit = unit
            digits = ""
        }
        return digits.isEmpty && total > 0 ? total : nil
    }

    /// `seconds` written the way `seconds(_:)` reads it (`90000` → `1d1h`).
    static func text(_ seconds: TimeInterval) -> String {
        var rest = Int(seconds.rounded())
        var text = ""
        for (unit, length) in units where rest >= Int(length) {
            text += "\(rest / Int(length))\(unit)"
            rest %= Int(length)
        }
        return text.isEmpty ? "0s" : text
    }
}
