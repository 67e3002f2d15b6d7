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
        let builder = ItemBuilder(source: source)
        var result = ScrapeResult()
        for node in try document.select(source.items ?? "") {
            var row = FieldRow()
            for rule in source.fields {
                row.append(rule.name, try extractor.value(of: rule, in: node))
            }
            let state = row["state"]?.text ?? ""
            row.append("on", .bool(onValues.contains(state.lowercased())))
            builder.add(row, to: &result)
        }
        return result
    }
}
