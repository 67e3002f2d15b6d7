import Foundation
import TrawlHTML

/// A list of items found by a selector; each field by a selector within the item.
struct ListScraper {
    let source: SourceConfiguration

    func scrape(_ document: Document, extractor: inout FieldExtractor) throws -> ScrapeResult {
        let selector = source.items ?? ""
        let nodes = try document.select(selector)
        let builder = ItemBuilder(source: source)
        let complete = PageScraper(source: source)
        var result = ScrapeResult(nextPage: try nextPage(in: document))
        for (position, node) in nodes.enumerated() {
            // Past `maxItems` nothing more is built: the rest are only counted.
            guard result.items.count < source.maxItems else {
                result.droppedOverLimit = nodes.count - position
                break
            }
            var fields: [Item.Field] = []
            for rule in source.fields {
                if let value = try extractor.value(of: rule, in: node) { fields.append(.init(rule.name, value)) }
            }
            // Matched items with no id (the field it comes from is gone) lack a required field
            // too: left uncounted, a page that lost its links would pass the guard.
            if let item = builder.item(from: fields) {
                complete.keepingComplete([item], into: &result)
            } else {
                result.missingRequired += 1
            }
        }
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
