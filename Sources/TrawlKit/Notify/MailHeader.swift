import Foundation

/// Header values for mail (and for HTTP headers that borrow its encoding, as ntfy's do).
enum MailHeader {
    /// `text` as is when it is printable ASCII, else as RFC 2047 encoded words
    /// (`=?UTF-8?B?…?=`), each at most 75 characters, split between characters and
    /// folded onto continuation lines.
    static func encodedWord(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) { return text }
        var words: [String] = []
        var chunk = ""
        // 45 bytes of UTF-8 are 60 characters of base64: with `=?UTF-8?B?` and `?=`, 72.
        for character in text {
            if chunk.utf8.count + String(character).utf8.count > 45 {
                words.append(chunk)
                chunk = ""
            }
            chunk.append(character)
        }
        if !chunk.isEmpty { words.append(chunk) }
        return words.map { "=?UTF-8?B?\(Data($0.utf8).base64EncodedString())?=" }.joined(separator: "\n ")
    }

    /// An RFC 5322 §3.3 date in UTC: `Tue, 01 Dec 2026 04:00:00 +0000`.
    static func date(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ number: Int?) -> String { String(format: "%02d", number ?? 0) }
        return
            "\(days[(parts.weekday ?? 1) - 1]), \(two(parts.day)) \(months[(parts.month ?? 1) - 1]) \(parts.year ?? 1970) "
            + "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) +0000"
    }
}
