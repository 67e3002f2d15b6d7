import Foundation
import Testing
import TrawlDates

/// Issue 17, cases 5 and 7: dates from outside are range-checked. A year no calendar
/// can hold is no date (never a trap), and a year that would not read back the same from
/// the cache is refused when it is read.
@Suite struct DateRangeTests {
    @Test(arguments: [
        "Mon, 01 Jan 300000000000",
        "Mon, 01 Jan 300000000000 00:00:00 GMT",
        "Mon, 01 Jan 12345678901234567890 00:00:00 GMT",
        "01 Jan 99999999999999999999999",
        "Sun, 01 Jan 292277026596 00:00:00 GMT",
        "Mon, 01 Jan 10000 00:00:00 GMT",
        "Mon, 01 Jan 0000 00:00:00 GMT",
        "292277026596-12-04T15:30:07Z",
        "12345678901234567890-01-01T00:00:00Z",
        "Mon, 01 Jan 2024 99999999999999999999:00 GMT",
        "Mon, 01 Jan 2024 00:00:00 +99999999999999999999",
        "2024-01-01T00:00:00+99:00",
    ])
    func feedDatesOutOfRangeAreNoDate(text: String) {
        #expect(DateCodec.parseFeedDate(text) == nil)
        #expect(DateCodec.parseRFC3339(text) == nil)
        #expect(DateCodec.parseHTTPDate(text) == nil)
    }

    @Test(arguments: [
        ("Fri, 31 Dec 9999 23:59:59 GMT", "9999-12-31T23:59:59Z"),
        ("Mon, 01 Jan 0001 00:00:00 GMT", "0001-01-01T00:00:00Z"),
        ("9999-12-31T23:59:59.999Z", "9999-12-31T23:59:59.999Z"),
    ])
    func theEdgesOfTheRangeAreKept(text: String, expected: String) throws {
        let date = try #require(DateCodec.parseFeedDate(text))
        #expect(DateCodec.rfc3339(date) == expected)
        #expect(DateCodec.parseRFC3339(expected) == date)
    }

    /// A date that comes from elsewhere, out of range, is written clamped rather than trapping.
    @Test func writingNeverTraps() {
        for seconds in [Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, .infinity, .nan, 1e300] {
            let text = DateCodec.rfc3339(Date(timeIntervalSince1970: seconds))
            #expect(text.count >= 20)
            _ = DateCodec.httpDate(Date(timeIntervalSince1970: seconds))
            _ = DateCodec.day(Date(timeIntervalSince1970: seconds))
        }
    }
}
