import Foundation

/// HTTP dates as RFC 9110 §5.6.7 says to read them: IMF-fixdate
/// (`Sun, 06 Nov 1994 08:49:37 GMT`), the obsolete RFC 850 form
/// (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`).
enum HTTPDateReader {
    static func date(_ text: String) -> Date? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" })
        guard words.count >= 5, words.count <= 6, words.allSatisfy({ $0.utf8.count <= 9 }) else { return nil }
        // IMF-fixdate and RFC 850: weekday, day, month, year, time[, GMT]. asctime: weekday, month, day, time, year.
        let asctime = Int(words[1]) == nil
        let (dayWord, monthWord, yearWord, clockWord) =
            asctime ? (words[2], words[1], words[4], words[3]) : (words[1], words[2], words[3], words[4])
        if !asctime, words.count == 6, words[5] != "GMT" { return nil }
        let clock = clockWord.split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
            let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
            let day = Int(dayWord), var year = Int(yearWord), yearWord.count == 2 || yearWord.count == 4,
            let month = DateCodec.monthNames.firstIndex(where: { $0 == monthWord })
        else { return nil }
        // A two-digit year (RFC 850) more than 50 years ahead is in the past century.
        if yearWord.count == 2 { year += year < 70 ? 2000 : 1900 }
        let time = CivilTime(year: year, month: month + 1, day: day, hour: hour, minute: minute, second: second)
        guard hour < 24 else { return nil }
        return time.date()
    }
}
