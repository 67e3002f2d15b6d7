import Foundation
import TrawlHTML

/// Turns one fetched page into items, by the source's kind.
struct PageScraper: Sendable {
    public let source: SourceConfiguration

    public init(source: SourceConfiguration) {
        self.source = source
    }

    public func scrape(_ page: FetchedPage) throws -> ScrapeResult {
        switch source.kind {
        case .feed:
            return try FeedScraper(source: source).scrape(page)
        case .list, .table, .status:
            let document = Document.parseHTML(page.body, url: page.url, contentType: page.contentType)
            var result = try scrape(document)
            result.notices = document.warnings.map { "\(page.url.absoluteString): \($0)" }
            return result
        }
    }

    /// Scrapes an already parsed HTML document.
    public func scrape(_ document: Document) throws -> ScrapeResult {
        let base = source.base ?? Self.baseURL(of: document)
        var extractor = FieldExtractor(parser: ValueParser(baseURL: base))
        var result: ScrapeResult
        switch source.kind {
        case .list:
            result = try ListScraper(source: source).scrape(document, extractor: &extractor)
        case .table:
            result = try TableScraper(source: source).scrape(document, extractor: &extractor)
        case .status:
            result = try StatusScraper(source: source).scrape(document, extractor: &extractor)
        case .feed:
            result = ScrapeResult()
        }
        result.warnings += extractor.warnings
        result.unparsed = extractor.unparsed
        result.rootRelativeLinksOnLocalFile = extractor.rootRelativeLinksOnLocalFile
        result.pageURL = document.url
        // XPath, like `baseURL(of:)`: counted on every page whatever the selector engine.
        result.scriptCount = (try? document.xpath("//script").count) ?? 0
        return result
    }

    /// Keeps the items that have every required field; counts the rest.
    func keepingComplete(_ items: [Item], into result: inout ScrapeResult) {
        for item in items {
            let missing = source.required.filter { !has(item, $0) }
            if missing.isEmpty {
                result.items.append(item)
            } else {
                result.missingRequired += 1
            }
        }
    }

    /// Whether the item has `field`. A configured field must have been scraped: an item
    /// without a title shows its id instead, which must not hide that the title is gone.
    func has(_ item: Item, _ field: String) -> Bool {
        if source.field(field) != nil { return item[field: field] != nil }
        switch field {
        case "title": return !item.title.isEmpty
        case "url": return item.url != nil
        case "date": return item.date != nil
        case "summary": return item.summary != nil
        default: return item[field: field] != nil
        }
    }

    /// The URL relative links resolve against: `<base href>` when present, else the page's own.
    static func baseURL(of document: Document) -> URL? {
        // XPath rather than CSS: this runs on every page, whatever selectors the engine supports.
        if let href = (try? document.xpath("//base[@href]"))?.first?.attr("href"),
            let base = URL(string: href.trimmingCharacters(in: .whitespaces), relativeTo: document.url)
        {
            return base.absoluteURL
        }
        return document.url
    }
}
