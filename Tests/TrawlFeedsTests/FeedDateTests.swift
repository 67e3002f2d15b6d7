import Foundation
import Testing
import TrawlFeeds

/// Dates as feeds write them, RFC 822 and its wild variants, RFC 3339 and its relatives.
@Suite struct FeedDateTests {
    @Test(arguments: [
        // RFC 822 / 2822 and what feeds really write
        ("Thu, 01 Jan 2004 19:48:21 GMT", "2004-01-01T19:48:21Z"),
        ("Thu, 1 Jan 2004 19:48:21 GMT", "2004-01-01T19:48:21Z"),
        ("Thu, 01 Jan 2004 19:48 GMT", "2004-01-01T19:48:00Z"),
        ("Thu, 01 Jan 2004 19:48:21 EST", "2004-01-02T00:48:21Z"),
        ("Thu, 01 Jul 2004 19:48:21 PDT", "2004-07-02T02:48:21Z"),
        ("Thu, 01 Jan 2004 19:48:21 -0500", "2004-01-02T00:48:21Z"),
        ("Thu, 01 Jan 2004 19:48:21 +05:30", "2004-01-01T14:18:21Z"),
        ("thu, 01 JAN 2004 19:48:21 gmt", "2004-01-01T19:48:21Z"),
        ("Thursday, 01-Jan-04 19:48:21 GMT", "2004-01-01T19:48:21Z"),
        ("01 Jan 2004 19:48:21", "2004-01-01T19:48:21Z"),
        ("Thu, 01 January 2004", "2004-01-01T00:00:00Z"),
        ("Thu Jan  1 19:48:21 2004", "2004-01-01T19:48:21Z"),
        ("Thu, 01 Jan 2004 07:48:21 PM GMT", "2004-01-01T19:48:21Z"),
        ("Sun, 31 Dec 1999 23:59:59 Z", "1999-12-31T23:59:59Z"),
        // RFC 3339, ISO 8601, W3CDTF
        ("2004-01-01T19:48:21Z", "2004-01-01T19:48:21Z"),
        ("2004-01-01T19:48:21+00:00", "2004-01-01T19:48:21Z"),
        ("2004-01-01T19:48:21-05:00", "2004-01-02T00:48:21Z"),
        ("2004-01-01T19:48:21.250Z", "2004-01-01T19:48:21.250Z"),
        ("2004-01-01t19:48:21z", "2004-01-01T19:48:21Z"),
        ("2004-01-01T19:48Z", "2004-01-01T19:48:00Z"),
        ("2004-01-01 19:48:21", "2004-01-01T19:48:21Z"),
        ("20040101T194821Z", "2004-01-01T19:48:21Z"),
        ("2004-01-01", "2004-01-01T00:00:00Z"),
        ("2004-01", "2004-01-01T00:00:00Z"),
        ("2004", "2004-01-01T00:00:00Z"),
        ("  2004-01-01T19:48:21Z\n", "2004-01-01T19:48:21Z"),
    ])
    func feedDatesParse(text: String, expected: String) {
        #expect(FeedDate.parse(text).map(FeedDate.rfc3339) == expected)
    }

    @Test(arguments: [
        "", "soon", "2004-13-01", "2004-02-30T00:00:00Z", "Thu, 32 Jan 2004 19:48:21 GMT",
        "Thu, 01 Foo 2004", "2004-01-01T25:00:00Z", "12:00:00",
    ])
    func nonsenseIsNil(text: String) {
        #expect(FeedDate.parse(text) == nil)
    }

    @Test func rfc3339IsWrittenInUTCWithWholeSeconds() {
        #expect(FeedDate.rfc3339(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(FeedDate.rfc3339(Date(timeIntervalSince1970: 1_764_475_200)) == "2025-11-30T04:00:00Z")
        #expect(FeedDate.rfc3339(Date(timeIntervalSince1970: -86_400)) == "1969-12-31T00:00:00Z")
    }
}
