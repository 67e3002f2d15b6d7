import Foundation
import Testing

@testable import TrawlKit

/// Feed sources: one item per entry, podcast details as typed fields.
@Suite struct FeedScraperTests {
    static let url = URL(string: "https://podcast.example.org/feed.xml")!

    func scrape(_ xml: String) throws -> ScrapeResult {
        let source = SourceConfiguration(id: "podcast", kind: .feed, url: Self.url)
        return try PageScraper(source: source).scrape(
            FetchedPage(requestedURL: Self.url, url: Self.url, body: Data(xml.utf8)))
    }

    static func feed(duration: String) -> String {
        """
        <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>P</title>
        <item><guid>ep-1</guid><title>One &amp; only</title><link>/episodes/1</link>
        <description>&lt;p&gt;Hello &lt;b&gt;there&lt;/b&gt;&lt;/p&gt;</description>
        <enclosure url="https://cdn.example.org/1.mp3" type="audio/mpeg" length="1234"/>
        <itunes:duration>\(duration)</itunes:duration><itunes:episode>1</itunes:episode></item>
        </channel></rss>
        """
    }

    @Test func entriesBecomeItemsWithTheirPodcastFields() throws {
        let item = try #require(try scrape(Self.feed(duration: "01:02:03")).items.first)
        #expect(item.id == "ep-1")
        #expect(item.title == "One & only")
        #expect(item.url?.absoluteString == "https://podcast.example.org/episodes/1")
        #expect(item.summary == "Hello there")
        #expect(item[field: "enclosure"] == .url(URL(string: "https://cdn.example.org/1.mp3")!))
        #expect(item[field: "enclosureLength"] == .int(1234))
        #expect(item[field: "duration"] == .int(3723))
        #expect(item[field: "episode"] == .int(1))
    }

    @Test(arguments: ["inf", "1e300", "nan"])
    func aDurationNoNumberCanHoldIsLeftOut(_ duration: String) throws {
        let item = try #require(try scrape(Self.feed(duration: duration)).items.first)
        #expect(item[field: "duration"] == nil)
    }

    @Test func anHTMLPageIsNotAFeedAndSaysWhereTheFeedsAre() throws {
        let page = #"<html><head><link rel="alternate" type="application/rss+xml" href="/rss"></head></html>"#
        #expect {
            try scrape(page)
        } throws: { error in
            "\(error)".contains("https://podcast.example.org/rss")
        }
    }
}
