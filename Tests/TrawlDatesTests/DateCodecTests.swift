import Foundation
import Testing
import TrawlDates

/// The one date codec: writing, reading, and the range every parser keeps to.
@Suite struct DateCodecTests {
    /// One rounding rule for every writer: to the nearest millisecond, carrying into the second.
    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00Z"),
        (1_796_011_200.5, "2026-11-30T04:00:00.500Z"),
        (1_796_011_200.123, "2026-11-30T04:00:00.123Z"),
        (1_796_011_200.0004, "2026-11-30T04:00:00Z"),
        (1_796_011_200.9996, "2026-11-30T04:00:01Z"),
        (1_796_011_259.9999, "2026-11-30T04:01:00Z"),
        (-0.25, "1969-12-31T23:59:59.750Z"),
        (951_782_400, "2000-02-29T00:00:00Z"),
        (-62_135_596_800, "0001-01-01T00:00:00Z"),
        (253_402_300_799.999, "9999-12-31T23:59:59.999Z"),
    ])
    func rfc3339RoundsToTheNearestMillisecond(seconds: Double, text: String) throws {
        #expect(DateCodec.rfc3339(Date(timeIntervalSince1970: seconds)) == text)
        let parsed = try #require(DateCodec.parseRFC3339(text))
        #expect(DateCodec.rfc3339(parsed) == text)
    }

    /// Every millisecond-exact date in the range reads back the same (sampled across it).
    @Test func everyDateInRangeRoundTrips() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let span = UInt64(CivilTime.lastSecond - CivilTime.firstSecond + 1) * 1_000
            let milliseconds = Int64(state % span) + CivilTime.firstSecond * 1_000
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
            let text = DateCodec.rfc3339(date)
            let back = try #require(DateCodec.parseRFC3339(text), "\(text)")
            #expect(DateCodec.rfc3339(back) == text)
            #expect(abs(back.timeIntervalSince(date)) < 0.000_5)
        }
    }

    @Test func theCalendarArithmeticAgreesWithFoundation() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        // From 1582-10-15: before it Foundation's Gregorian calendar is Julian; ours is proleptic.
        for days in stride(from: -141_427, through: 2_932_896, by: 997) {
            let date = Date(timeIntervalSince1970: Double(days) * 86_400)
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
            let civil = CivilTime.civil(fromDays: days)
            #expect(civil.year == parts.year && civil.month == parts.month && civil.day == parts.day)
            #expect(CivilTime.days(fromYear: civil.year, month: civil.month, day: civil.day) == days)
            #expect(CivilTime(epochSeconds: Int64(days) * 86_400).weekday + 1 == parts.weekday)
        }
    }

    @Test(arguments: [
        "2026-11-30T05:00:00+01:00", "2026-11-30T04:00:00.000000Z", "2026-11-30T04:00:00.0Z",
        "2026-11-30t04:00:00z", "2026-11-29T23:00:00-05:00", "2026-11-30T04:00:00.0000000000001Z",
    ])
    func rfc3339FormsAreRead(text: String) {
        #expect(DateCodec.parseRFC3339(text) == Date(timeIntervalSince1970: 1_796_011_200))
    }

    @Test(arguments: [
        "", "2026-13-30T04:00:00Z", "2026-11-30 04:00:00", "2026-11-30T04:00:00", "2026-02-29T00:00:00Z",
        "2026-11-30T04:00:00.Z", "2026-11-30T04:00:00+0100", "2026-11-30T24:00:01Z", "yesterday",
        "0000-12-31T23:59:59Z", "10000-01-01T00:00:00Z", "0001-01-01T00:00:00+00:01",
        "9999-12-31T23:59:59-00:01",
    ])
    func nonDatesAndDatesOutOfRangeAreRejected(text: String) {
        #expect(DateCodec.parseRFC3339(text) == nil)
    }

    @Test func httpDatesAreWrittenAndReadInAllThreeForms() {
        let date = Date(timeIntervalSince1970: 784_111_777)
        #expect(DateCodec.httpDate(date) == "Sun, 06 Nov 1994 08:49:37 GMT")
        for text in ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"] {
            #expect(DateCodec.parseHTTPDate(text) == date, "\(text)")
        }
        for text in [
            "Sun, 06 Nov 1994 08:49:37 PST", "Sun, 06 nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 8:49:37 GMT", "",
            "yesterday", "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT",
        ] {
            #expect(DateCodec.parseHTTPDate(text) == nil, "\(text)")
        }
    }

    @Test func runIDsAreCompactTimestampsTruncatedToTheMillisecond() {
        let date = Date(timeIntervalSince1970: 1_796_011_200.1239)
        #expect(DateCodec.compactTimestamp(date) == "20261130T040000.123Z")
        #expect(
            DateCodec.parseCompactTimestamp("20261130T040000.123Z") == Date(timeIntervalSince1970: 1_796_011_200.123))
        #expect(DateCodec.parseCompactTimestamp("20261130T040000Z") == Date(timeIntervalSince1970: 1_796_011_200))
    }

    @Test func siteDaysAndMinutesAreUTC() {
        let date = Date(timeIntervalSince1970: 1_796_011_259.9)
        #expect(DateCodec.day(date) == "2026-11-30")
        #expect(DateCodec.minute(date) == "2026-11-30 04:00 UTC")
        #expect(DateCodec.startOfDay(date) == Date(timeIntervalSince1970: 1_795_996_800))
        #expect(DateCodec.startOfDay(Date(timeIntervalSince1970: -1)) == Date(timeIntervalSince1970: -86_400))
    }
}
