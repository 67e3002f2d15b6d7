import Foundation
import Testing
import TrawlDates

@testable import TrawlKit

/// Dates as the cache writes and reads them: `DateCodec`'s RFC 3339, in UTC, to the millisecond.
@Suite struct StoreDateTests {
    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00Z"),
        (1_796_011_200, "2026-11-30T04:00:00Z"),
        (1_796_011_200.5, "2026-11-30T04:00:00.500Z"),
        (1_796_011_200.123, "2026-11-30T04:00:00.123Z"),
        (1_796_011_200.9996, "2026-11-30T04:00:01Z"),
        (951_782_400, "2000-02-29T00:00:00Z"),
        (-86_400.25, "1969-12-30T23:59:59.750Z"),
        (4_102_444_799, "2099-12-31T23:59:59Z"),
    ])
    func cacheDatesAreRFC3339InUTCToTheMillisecond(seconds: Double, text: String) throws {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(DateCodec.rfc3339(date) == text)
        let parsed = try #require(DateCodec.parseRFC3339(text))
        #expect(DateCodec.rfc3339(parsed) == text)
    }

    @Test(arguments: ["2026-11-30T05:00:00+01:00", "2026-11-30T04:00:00.000000Z", "2026-11-30T04:00:00.0Z"])
    func otherRFC3339FormsAreStillRead(text: String) {
        #expect(DateCodec.parseRFC3339(text) == Date(timeIntervalSince1970: 1_796_011_200))
    }

    @Test(arguments: ["", "2026-13-30T04:00:00Z", "2026-11-30 04:00:00", "yesterday"])
    func nonDatesAreRejected(text: String) {
        #expect(DateCodec.parseRFC3339(text) == nil)
    }
}
