import Foundation
import Testing
import TrawlDates

/// Configured date patterns, compiled into the table-driven matcher, read what ICU's
/// `DateFormatter` reads: the inputs are ICU's own output for each language and pattern.
@Suite struct DatePatternTests {
    static let languages = ["en", "de", "fr", "es", "pt", "it", "nl", "zh", "ja"]
    static let patterns = [
        "dd MMM yyyy", "d. MMM yyyy", "d MMMM yyyy", "EEEE, d MMMM yyyy HH:mm", "EEE, dd MMM yyyy HH:mm:ss",
        "yyyy年MM月dd日", "yyyy年M月d日 EEEE", "MMM d, yyyy h:mm a", "d 'de' MMMM 'de' yyyy", "dd.MM.yy HH:mm",
        "yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ", "yyyyMMddHHmm", "MMMM yyyy", "dd/MM/yyyy hh:mm a",
    ]
    /// One date in each month, at times that test the clock fields.
    static let dates: [Date] = (1...12).map { month in
        let day = [5, 29, 31, 1, 15, 30, 4, 15, 1, 31, 11, 25][month - 1]
        let time = CivilTime(year: 2024, month: month, day: day, hour: month * 2 - 1, minute: month * 4, second: 7)
        return time.date()!.addingTimeInterval(0.25)
    }

    static let cases = languages.flatMap { language in patterns.map { (language, $0) } }

    @Test(arguments: cases)
    func theMatcherReadsWhatICUReads(language: String, pattern: String) throws {
        let matcher = try #require(DatePattern(pattern, locale: language))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: language)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        formatter.isLenient = false
        for date in Self.dates {
            let text = formatter.string(from: date)
            let expected = try #require(formatter.date(from: text), "ICU cannot read its own '\(text)'")
            #expect(matcher.date(from: text) == expected, "\(language) '\(pattern)': '\(text)'")
        }
    }

    @Test(arguments: [
        ("05 JAN 2024", "dd MMM yyyy", "en", "2024-01-05T00:00:00Z"),
        ("5 jan. 2024", "d MMM yyyy", "en", "2024-01-05T00:00:00Z"),
        ("5. Jan 2024", "d. MMM yyyy", "de", "2024-01-05T00:00:00Z"),
        ("5. MÄRZ 2024", "d. MMMM yyyy", "de", "2024-03-05T00:00:00Z"),
        ("5. Mrz. 2024", "d. MMM yyyy", "de", "2024-03-05T00:00:00Z"),
        ("5 janv 2024", "d MMM yyyy", "fr", "2024-01-05T00:00:00Z"),
        ("5 Sept 2024", "d MMM yyyy", "en", "2024-09-05T00:00:00Z"),
        ("Donnerstag,   5. September 2024 09:30", "EEEE, d. MMMM yyyy HH:mm", "de", "2024-09-05T09:30:00Z"),
        ("2024年9月5日", "yyyy年M月d日", "zh", "2024-09-05T00:00:00Z"),
        ("5 Jan 2024 10:00 +0100", "d MMM yyyy HH:mm Z", "en", "2024-01-05T09:00:00Z"),
        ("5 Jan 2024 10:00 GMT", "d MMM yyyy HH:mm z", "en", "2024-01-05T10:00:00Z"),
        ("5 Jan 2024 12:00 AM", "d MMM yyyy hh:mm a", "en", "2024-01-05T00:00:00Z"),
        ("5 Jan 2024 12:00 pm", "d MMM yyyy hh:mm a", "en", "2024-01-05T12:00:00Z"),
        ("5 Jan 69", "d MMM yy", "en", "1969-01-05T00:00:00Z"),
        ("5 Jan 68", "d MMM yy", "pt-BR", "2068-01-05T00:00:00Z"),
    ])
    func namesMatchInAnyCaseWithOrWithoutADot(text: String, pattern: String, locale: String, expected: String) {
        #expect(DatePattern(pattern, locale: locale)?.date(from: text).map(DateCodec.rfc3339) == expected)
    }

    @Test(arguments: [
        ("05 Jan 300000000000", "dd MMM yyyy"), ("05 Jan 292277026596", "dd MMM yyyy"), ("30 Feb 2024", "dd MMM yyyy"),
        ("05 Jan 2024 extra", "dd MMM yyyy"), ("05 Janx 2024", "dd MMM yyyy"), ("5 Marzipan 2024", "d MMMM yyyy"),
        ("13/13/2024", "dd/MM/yyyy"), ("05 Jan 2024 13:00 PM", "dd MMM yyyy hh:mm a"), ("", "dd MMM yyyy"),
        ("0000-01-01", "yyyy-MM-dd"),
    ])
    func nonDatesAndHugeYearsAreNil(text: String, pattern: String) {
        #expect(DatePattern(pattern)?.date(from: text) == nil)
        #expect(DateFormat.shared(pattern).date(from: text) == nil)
    }

    /// What the matcher does not know goes to ICU, made once and shared.
    @Test func unknownFieldsFallBackToICU() throws {
        #expect(DatePattern("yyyy-DDD") == nil)
        #expect(DatePattern("dd MMM yyyy", locale: "ru") == nil)
        let format = DateFormat.shared("yyyy-DDD")
        #expect(!format.isCompiled)
        #expect(format === DateFormat.shared("yyyy-DDD"))
        #expect(format.date(from: "2024-060").map(DateCodec.rfc3339) == "2024-02-29T00:00:00Z")
        let russian = DateFormat.shared("d MMMM yyyy", locale: "ru")
        #expect(russian.date(from: "5 января 2024").map(DateCodec.rfc3339) == "2024-01-05T00:00:00Z")
        #expect(DateFormat.shared("dd MMM yyyy", locale: "de").isCompiled)
    }
}
