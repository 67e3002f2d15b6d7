import Foundation
import TrawlHTML

/// Label → state pairs on a small page (switches, devices); a change of state is the news.
///
/// Each item is one label; its `state` field holds the text shown and `on` whether that
/// text is one of the source's "on" values.
struct StatusScraper {
    let source: SourceConfiguration

    func scrape(_ document: Document, extractor: inout FieldExtractor) throws -> ScrapeResult {
        let onValues = Set(source.onValues.map { $0.lowercased() })
        var items: [Item] = []
        for node in try document.select(source.items ?? "") {
            var fields: [Item.Field] = []
            for rule in source.fields {
                if let value = try extractor.value(of: rule, in: node) { fields.append(.init(rule.name, value)) }
            }
            guard let label = fields.first(where: { $0.name == "label" })?.value.text, !label.isEmpty else {
                continue
            }
            let state = fields.first { $0.name == "state" }?.value.text ?? ""
            fields.append(.init("on", .bool(onValues.contains(state.lowercased()))))
            let id = source.idField.flatMap { name in fields.first { $0.name == name }?.value.text } ?? label
            items.append(Item(id: id, title: label, fields: fields))
        }
        var result = ScrapeResult()
        PageScraper(source: source).keepingComplete(items, into: &result)
        return result
    }
}
