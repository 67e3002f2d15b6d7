import Foundation

/// Items from an RSS, Atom or JSON feed.
struct FeedScraper {
    let source: SourceConfiguration

    func scrape(_ page: FetchedPage) throws -> ScrapeResult {
        throw ScrapeError.unreadableFeed(page.url, reason: "feed sources are read once TrawlFeeds lands")
    }
}
