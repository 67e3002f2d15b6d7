import Foundation

/// The article as plain text: each block (paragraph, heading, list item, table row) on its
/// own line, white space within a line collapsed (kept as it is in `pre`).
enum ArticleTextWriter {
    static func text(of root: ContentNode) -> String {
        var lines: [String] = []
        var line = ""
        func breakLine() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { lines.append(trimmed) }
            line = ""
        }
        var stack: [(ContentNode, Bool, Bool)] = root.children.reversed().map { ($0, false, false) }
        while let (node, closing, inPre) = stack.popLast() {
            if node.isText {
                if inPre {
                    let parts = node.text.split(separator: "\n", omittingEmptySubsequences: false)
                    for (index, part) in parts.enumerated() {
                        if index > 0 { breakLine() }
                        line += part
                    }
                } else {
                    let collapsed = node.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                    let startsSpace = node.text.first?.isWhitespace ?? false
                    let endsSpace = node.text.last?.isWhitespace ?? false
                    if startsSpace, !line.isEmpty, line.last != " " { line += " " }
                    line += collapsed
                    if endsSpace, !collapsed.isEmpty { line += " " }
                }
                continue
            }
            if node.tag == "br" {
                breakLine()
                continue
            }
            if node.tag == "img" {
                continue
            }
            let block = HTMLTags.blocks.contains(node.tag)
            if block { breakLine() }
            if closing { continue }
            if node.tag == "td" || node.tag == "th", !line.isEmpty { line += " " }
            stack.append((node, true, inPre))
            let pre = inPre || node.tag == "pre"
            stack.append(contentsOf: node.children.reversed().map { ($0, false, pre) })
        }
        breakLine()
        return lines.joined(separator: "\n")
    }
}
