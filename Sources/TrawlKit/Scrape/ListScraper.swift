import Foundation
import TrawlHTML

/// A list of items found by a selector; each field by a selector within the item.
struct ListScraper {
    let source: SourceConfiguration

    func scrape(_ document: Document, extractor: inout FieldExtractor) throws -> ScrapeResult {
        let nodes = try itemNodes(in: document)
        let builder = ItemBuilder(source: source)
        var result = ScrapeResult(nextPage: try nextPage(in: document))
        guard !nodes.isEmpty else { return result }
        let plan = try FieldPlan(source.fields, html: document.isHTML)
        for (position, node) in nodes.enumerated() {
            // Past `maxItems` nothing more is built: the rest are only counted.
            guard !result.isFull(at: source.maxItems) else {
                result.droppedOverLimit = nodes.count - position
                break
            }
            builder.add(try plan.row(of: node, extractor: &extractor), to: &result)
        }
        return result
    }

    /// The items: by `items`' CSS selector, or by its XPath (`{"xpath": …}`; one that gives
    /// no nodes, as `count(//li)`, gives no items). An `XPathError` names the expression; the
    /// run names the source.
    private func itemNodes(in document: Document) throws -> NodeList {
        guard let xpath = source.itemsXPath else { return try document.select(source.items ?? "") }
        return try document.xpath(xpath)
    }

    /// The next page: the configured `next` selector's link, else `<link|a rel="next">`,
    /// resolved against where this page really is (its `<base href>` or URL), not the
    /// source's `base`, which says where item links point.
    private func nextPage(in document: Document) throws -> URL? {
        guard source.maxPages > 1 else { return nil }
        let parser = ValueParser(baseURL: document.baseURL)
        let selector = source.next ?? "link[rel~=next][href], a[rel~=next][href]"
        guard let node = try document.select(selector).first else { return nil }
        let href = node.attr("href") ?? node.text
        return parser.url(href)
    }
}
