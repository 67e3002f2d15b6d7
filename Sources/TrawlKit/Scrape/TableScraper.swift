import Foundation
import TrawlHTML

/// Rows of the table whose header row holds the configured labels.
///
/// Columns are found by header text, not position, so spacer columns and columns that
/// move (the NOAA page's trap) do not break the source.
struct TableScraper {
    let source: SourceConfiguration

    func scrape(_ document: Document, extractor: inout FieldExtractor) throws -> ScrapeResult {
        let wanted = source.header.map { $0.lowercased() }
        var located: (rows: [Node], headerIndex: Int, columns: [String: Int])?
        for table in try document.xpath("//table") {
            let rows = Array(try table.xpath("./tr | ./thead/tr | ./tbody/tr | ./tfoot/tr"))
            for (index, row) in rows.enumerated().prefix(10) {
                let labels = cells(of: row).map { $0.text.lowercased() }
                var columns: [String: Int] = [:]
                for (position, label) in labels.enumerated() where !label.isEmpty && columns[label] == nil {
                    columns[label] = position
                }
                if wanted.allSatisfy({ columns[$0] != nil }) {
                    located = (rows, index, columns)
                    break
                }
            }
            if located != nil { break }
        }
        guard let (rows, headerIndex, columns) = located else {
            throw ScrapeError.tableNotFound(header: source.header, url: document.url ?? source.url)
        }

        let builder = ItemBuilder(source: source)
        var result = ScrapeResult()
        var warnings: [String] = []
        for row in rows[(headerIndex + 1)...] {
            // A section heading ("Maine") is one cell spanning the row: no item, and no
            // value to type in any column, so not worth a warning either.
            if isSectionHeading(row) { continue }
            let rowCells = cells(of: row)
            var record = FieldRow()
            for rule in source.fields {
                let context: Node?
                if let column = rule.column {
                    guard let position = columns[column.lowercased()] else {
                        warnings.append("field '\(rule.name)': no column headed '\(column)'")
                        continue
                    }
                    context = position < rowCells.count ? rowCells[position] : nil
                } else {
                    context = row
                }
                if let context { record.append(rule.name, try extractor.value(of: rule, in: context)) }
            }
            builder.add(record, to: &result)
        }
        result.warnings = Array(Set(warnings)).sorted()
        return result
    }

    /// Whether the row is a single cell spanning several columns.
    private func isSectionHeading(_ row: Node) -> Bool {
        let cells = row.children.filter { $0.tag == "td" || $0.tag == "th" }
        guard cells.count == 1, let span = cells.first?.attr("colspan").flatMap({ Int($0) }) else { return false }
        return span > 1
    }

    /// The row's cells, each repeated over the columns its `colspan` covers.
    private func cells(of row: Node) -> [Node] {
        var result: [Node] = []
        for cell in row.children where cell.tag == "td" || cell.tag == "th" {
            let span = min(max(Int(cell.attr("colspan") ?? "1") ?? 1, 1), 100)
            result.append(contentsOf: repeatElement(cell, count: span))
        }
        return result
    }
}
