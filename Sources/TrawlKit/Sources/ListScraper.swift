import Foundation
import TrawlHTML

/// A list of items found by a selector; each field by a selector within the item.
struct ListScraper {
    let source: SourceConfiguration

    func scrape(_ document: Document, extractor: inout FieldExtractor) throws -> ScrapeResult {
        let selector = source.items ?? ""
        let nodes = try document.select(selector)
        let builder = ItemBuilder(source: source)
        var items: [Item] = []
        // Matched items with no id (the field it comes from is gone) lack a required field
        // too: left uncounted, a page that lost its links would pass the guard.
        var unidentified = 0
        for node in nodes {
            var fields: [Item.Field] = []
            for rule in source.fields {
                if let value = try extractor.value(of: rule, in: node) { fields.append(.init(rule.name, value)) }
            }
            if let item = builder.item(from: fields) { items.append(item) } else { unidentified += 1 }
        }
        var result = ScrapeResult(nextPage: try nextPage(in: document))
        PageScraper(source: source).keepingComplete(items, into: &result)
        result.missingRequired += unidentified
        return result
    }

    /// The next page: the configured `next` selector's link, else `<link|a rel="next">`,
    /// resolved against where this page really is (its `<base href>` or URL), not the
    /// source's `base`, which says where item links point.
    private func nextPage(in document: Document) throws -> URL? {
        guard source.maxPages > 1 else { return nil }
        let parser = ValueParser(baseURL: PageScraper.baseURL(of: document))
        let selector = source.next ?? "link[rel~=next][href], a[rel~=next][href]"
        guard let node = try document.select(selector).first else { return nil }
        let href = node.attr("href") ?? node.text
        return parser.url(href)
    }
}
