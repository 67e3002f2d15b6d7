import Foundation
import TrawlHTML

/// A data table's header row, as `trawl init --from` reads it to propose a `table` source:
/// the labels of its columns, and which column a row's title link stands in.
///
/// A table whose author wrote a header row (`th` cells, or a `thead`) declares its rows a
/// list of records, and a `table` source finds its columns by those labels even when a
/// column moves.
struct TableHeader {
    /// The header cells' texts, in column order (empty for a blank cell).
    let labels: [String]
    let row: Node

    /// The header row of the table that holds `row`, if it has one.
    static func of(row: Node) -> TableHeader? {
        var current = row.parent
        var steps = 0
        while let element = current, element.tag != "table" {
            guard steps < 3 else { return nil }
            current = element.parent
            steps += 1
        }
        guard let table = current, let rows = try? table.xpath("./tr | ./thead/tr | ./tbody/tr") else { return nil }
        for candidate in rows.prefix(3) {
            let cells = candidate.children.filter { $0.tag == "td" || $0.tag == "th" }
            let inHead = candidate.parent?.tag == "thead"
            guard cells.count >= 2, inHead || cells.allSatisfy({ $0.tag == "th" }) else { continue }
            // A spanning header cell moves the columns: the labels would not say which is which.
            guard cells.allSatisfy({ ($0.attr("colspan") ?? "1") == "1" }) else { return nil }
            let labels = cells.map(\.text)
            guard labels.filter({ !$0.isEmpty }).count >= 2 else { return nil }
            return TableHeader(labels: labels, row: candidate)
        }
        return nil
    }

    /// The label of the column whose cell in `row` holds `node`, when it is a plain label.
    func column(of node: Node, in row: Node) -> String? {
        let cells = row.children.filter { $0.tag == "td" || $0.tag == "th" }
        guard let index = cells.firstIndex(where: { $0 == node || ItemTitle.isInside(node, $0) }), index < labels.count
        else { return nil }
        let label = labels[index]
        return Self.isPlain(label) && labels.filter({ $0.lowercased() == label.lowercased() }).count == 1 ? label : nil
    }

    /// The labels a source names in `header`: every plain, distinct one.
    var header: [String] {
        var seen: Set<String> = []
        return labels.filter { label in
            Self.isPlain(label) && seen.insert(label.lowercased()).inserted
        }
    }

    /// A label written as it reads (no runs of white space a configuration would have to copy).
    private static func isPlain(_ label: String) -> Bool {
        !label.isEmpty && label.split(whereSeparator: \.isWhitespace).joined(separator: " ") == label
    }
}
