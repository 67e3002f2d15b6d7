import TrawlHTML

/// A table as a GitHub Flavored Markdown table, when it is simple enough for one: rows of
/// cells holding only inline content, no cell spanning others.
enum ArticleMarkdownTable {
    static func markdown(_ table: Node) -> String? {
        let rows = (try? table.select("tr")) ?? NodeList([])
        guard !rows.isEmpty else { return nil }
        var cells: [[String]] = []
        for row in rows {
            var line: [String] = []
            for cell in row.children where cell.tag == "td" || cell.tag == "th" {
                guard cell.attr("colspan") == nil, cell.attr("rowspan") == nil,
                    !cell.children.contains(where: { ArticleMarkdownWriter.isBlock($0.tag) && $0.tag != "p" })
                else { return nil }
                let text = ArticleMarkdownWriter.inlineText(cell, depth: 0)
                    .replacingOccurrences(of: "\\\n", with: " ").replacingOccurrences(of: "\n", with: " ")
                // Pipes in the text are escaped already (`escape`).
                line.append(text)
            }
            cells.append(line)
        }
        let width = cells.map(\.count).max() ?? 0
        guard width > 0 else { return nil }
        let padded = cells.map { $0 + Array(repeating: "", count: width - $0.count) }
        let header = padded[0]
        var lines = ["| " + header.joined(separator: " | ") + " |"]
        lines.append("|" + Array(repeating: " --- |", count: width).joined())
        for row in padded.dropFirst() { lines.append("| " + row.joined(separator: " | ") + " |") }
        return lines.joined(separator: "\n")
    }
}
