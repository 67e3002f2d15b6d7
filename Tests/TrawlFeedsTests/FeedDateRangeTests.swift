import Foundation
import Testing
import TrawlFeeds

/// Issue 17, cases 5 and 7: a date no calendar can hold, in any feed format, is no date for
/// that entry (with a warning); the entry and the rest of the feed are kept.
@Suite struct FeedDateRangeTests {
    static let hugeDates = [
        "Mon, 01 Jan 300000000000", "Mon, 01 Jan 12345678901234567890 00:00:00 GMT",
        "Sun, 01 Jan 292277026596 00:00:00 GMT", "292277026596-12-04T15:30:07Z",
    ]

    @Test(arguments: hugeDates)
    func rssKeepsTheItemWithoutADate(date: String) throws {
        let xml = """
            <rss version="2.0"><channel><title>t</title>
            <item><title>one</title><link>https://example.com/1</link><pubDate>\(date)</pubDate></item>
            <item><title>two</title><link>https://example.com/2</link><pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate></item>
            </channel></rss>
            """
        try expectKept(try FeedParser(lenient: true).parse(Data(xml.utf8)))
    }

    @Test(arguments: hugeDates)
    func atomKeepsTheEntryWithoutADate(date: String) throws {
        let xml = """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><id>urn:t</id><updated>2024-01-01T00:00:00Z</updated>
            <entry><title>one</title><id>urn:1</id><published>\(date)</published><updated>\(date)</updated></entry>
            <entry><title>two</title><id>urn:2</id><published>2024-01-01T00:00:00Z</published></entry>
            </feed>
            """
        try expectKept(try FeedParser(lenient: true).parse(Data(xml.utf8)))
    }

    @Test(arguments: hugeDates)
    func jsonFeedKeepsTheItemWithoutADate(date: String) throws {
        let json = """
            {"version": "https://jsonfeed.org/version/1.1", "title": "t", "items": [
              {"id": "1", "title": "one", "date_published": "\(date)", "date_modified": "\(date)"},
              {"id": "2", "title": "two", "date_published": "2024-01-01T00:00:00Z"}]}
            """
        try expectKept(try FeedParser(lenient: true).parse(Data(json.utf8)))
    }

    private func expectKept(_ parsed: ParsedFeed) throws {
        let entries = parsed.feed.entries
        try #require(entries.count == 2)
        #expect(entries[0].title == "one")
        #expect(entries[0].published == nil && entries[0].updated == nil)
        #expect(entries[1].published == Date(timeIntervalSince1970: 1_704_067_200))
        #expect(parsed.warnings.contains { "\($0)".contains("unparsable date") })
    }

    /// A year that parsed before but could not be written back the same.
    @Test func aDateThatWouldNotRoundTripIsRefused() {
        #expect(FeedDate.parse("Sun, 01 Jan 292277026596 00:00:00 GMT") == nil)
        let edge = FeedDate.parse("Fri, 31 Dec 9999 23:59:59 GMT")
        #expect(edge.map(FeedDate.rfc3339) == "9999-12-31T23:59:59Z")
        #expect(edge.flatMap { FeedDate.parse(FeedDate.rfc3339($0)) } == edge)
    }
}
