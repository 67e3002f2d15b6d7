import Foundation
import TrawlHTML
import TrawlJSON

/// Turns one fetched page into items: the source's kind picks the scraper that reads the
/// page's field rows, and `ItemBuilder` makes them items.
struct PageScraper: Sendable {
    let source: SourceConfiguration

    init(source: SourceConfiguration) {
        self.source = source
    }

    func scrape(_ page: FetchedPage) throws -> ScrapeResult {
        switch source.kind {
        case .feed:
            return try FeedScraper(source: source).scrape(page)
        case .json:
            return try JSONScraper(source: source).scrape(page)
        case .list, .table, .status, .page:
            if Self.isJSON(page) { throw ScrapeError.responseIsJSON(page.url) }
            let document = Document.parseHTML(page.body, url: page.url, contentType: page.contentType)
            if document.isTruncated {
                throw ScrapeError.truncated(page.url, reason: document.warnings.joined(separator: "; "))
            }
            var result = try scrape(document)
            result.notices = document.warnings.map { "\(page.url.absoluteString): \($0)" }
            return result
        }
    }

    /// Whether a page is JSON rather than HTML: it opens with `{` or `[` (no HTML does) and
    /// says it is JSON or parses as JSON.
    static func isJSON(_ page: FetchedPage) -> Bool {
        guard let first = page.body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
            first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        else { return false }
        if let type = page.contentType, MediaType.isJSON(type) { return true }
        return (try? JSONParser.parse(page.body)) != nil
    }

    /// Scrapes an already parsed HTML document.
    func scrape(_ document: Document) throws -> ScrapeResult {
        let base = source.base ?? document.baseURL
        var extractor = FieldExtractor(parser: ValueParser(baseURL: base))
        var result: ScrapeResult
        switch source.kind {
        case .list:
            result = try ListScraper(source: source).scrape(document, extractor: &extractor)
        case .table:
            result = try TableScraper(source: source).scrape(document, extractor: &extractor)
        case .status:
            result = try StatusScraper(source: source).scrape(document, extractor: &extractor)
        case .page:
            result = try PageWatchScraper(source: source).scrape(document, extractor: &extractor)
        case .feed, .json:
            result = ScrapeResult()
        }
        result.warnings += extractor.warnings
        result.unparsed = extractor.unparsed
        result.rootRelativeLinksOnLocalFile = extractor.rootRelativeLinksOnLocalFile
        result.pageURL = document.url
        // Only a page that gave nothing is advised to be rendered (`ScrapeGuard`): only there are
        // its scripts counted (`//script` walks the whole tree; 6% of a scrape of big lists)
        // and its text searched for the last good items' titles, scripts' text left out.
        if result.items.isEmpty {
            // XPath rather than CSS: counted on every such page, whatever selectors the engine supports.
            result.scriptCount = (try? document.xpath("//script").count) ?? 0
            result.pageText = document.root.map { PageWatchScraper.text(of: $0, ignoring: []) }
        }
        return result
    }
}
