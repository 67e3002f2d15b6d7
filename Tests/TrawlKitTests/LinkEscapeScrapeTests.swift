import Foundation
import Testing
import TrawlFeeds
import TrawlHTML

@testable import TrawlKit

/// Links with `[` or `]` keep their `%XX` escapes byte for byte wherever Trawl resolves
/// one: a scraped `url` field (and so the cache, pages, feeds and downloads), a feed's
/// entry link, a redirect's `Location`.
@Suite struct LinkEscapeScrapeTests {
    static let written = "?filter[color]=red&q=caf%C3%A9"
    static let resolved = "https://example.org/list?filter%5Bcolor%5D=red&q=caf%C3%A9"
    static let base = URL(string: "https://example.org/list")!

    @Test func aScrapedURLFieldKeepsItsEscapes() throws {
        #expect(ValueParser(baseURL: Self.base).url(Self.written)?.absoluteString == Self.resolved)
        let source = SourceConfiguration(
            id: "s", kind: .list, url: Self.base, items: "li",
            fields: [
                FieldRule(name: "title", locator: .css("a")),
                FieldRule(name: "url", locator: .css("a::attr(href)"), type: .url),
            ])
        let html = #"<ul><li><a href="\#(Self.written)">Red</a></li></ul>"#
        let result = try PageScraper(source: source).scrape(Document.parseHTML(Data(html.utf8), url: Self.base))
        #expect(result.items.first?.url?.absoluteString == Self.resolved)
    }

    @Test func aFeedEntrysLinkKeepsItsEscapes() throws {
        let rss = """
            <?xml version="1.0"?><rss version="2.0"><channel><title>t</title><link>https://example.org/</link>
            <item><title>Red</title><link>https://example.org/list?filter[color]=red&amp;q=caf%C3%A9</link></item>
            </channel></rss>
            """
        let feed = try FeedParser().parse(Data(rss.utf8), url: Self.base).feed
        #expect(feed.entries.first?.link?.absoluteString == Self.resolved)
    }

    @Test func aRedirectsLocationKeepsItsEscapes() throws {
        let target = try Fetcher.redirectTarget(
            from: URL(string: "https://example.org/old")!, location: "/list" + Self.written, requested: Self.base)
        #expect(target.absoluteString == Self.resolved)
    }
}
