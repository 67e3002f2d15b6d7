import Foundation
import TrawlHTML
import TrawlJSON
import TrawlText

/// What `trawl init --from` proposes for a page: a `feed` source (the page is a feed, or
/// links one), a `json` source (its JSON-LD, its script state, a WordPress API), or a `list`
/// source for one of its repeated structures (`SourceProposal+Tiers` tries them in order).
struct SourceProposal {
    var id: String
    var url: String
    /// Where the page's links point when it is read from a saved copy (`--base`).
    var base: String?
    var kind: SourceConfiguration.Kind
    var items: String?
    var fields: FieldFinder.Proposal?
    /// For `json` from a page: the elements whose text holds the JSON.
    var script: String?
    /// For `table`: the header labels, and the column whose link is the title and url.
    var table: TableFields?
    /// For `json`: the fields as JSONPaths with the item as root.
    var jsonFields: JSONFields?

    /// A `table` source's header and title column.
    struct TableFields: Equatable {
        var header: [String]
        var titleColumn: String
    }

    /// A `json` source's fields.
    struct JSONFields: Equatable {
        var title: String
        var url: String
        var date: String?
    }

    /// The feeds the page advertises (`LinkedFeedTier`), resolved.
    static func feeds(in document: Document) -> [URL] {
        LinkedFeedTier.feeds(in: document)
    }

    /// An id from the page's address: its host, or its file's name.
    static func id(for url: URL) -> String {
        let raw = url.isFileURL ? url.deletingPathExtension().lastPathComponent : (url.host ?? "source")
        let cleaned = raw.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
        let id = String(cleaned).split(separator: "-").joined(separator: "-")
        return id.isEmpty ? "source" : id
    }

    /// The source as it would stand in `sources`, indented by `indent` spaces.
    func json(indent: Int = 0) -> String {
        let string = JSONEscaper.quoted
        var lines = [
            "{", "  \"id\": \(string(id)),", "  \"kind\": \(string(kind.rawValue)),", "  \"url\": \(string(url))",
        ]
        if let base { lines[lines.count - 1] += ",\n  \"base\": \(string(base))" }
        if let table {
            lines[lines.count - 1] += ","
            lines.append("  \"header\": [\(table.header.map(string).joined(separator: ", "))],")
            let column = string(table.titleColumn)
            lines.append("  \"fields\": {")
            lines.append("    \"title\": { \"column\": \(column), \"css\": \"a\" },")
            lines.append("    \"url\": { \"column\": \(column), \"css\": \"a::attr(href)\", \"type\": \"url\" }")
            lines.append("  },")
            lines.append("  \"required\": [\"title\", \"url\"]")
        } else if let items, let fields = jsonFields {
            lines[lines.count - 1] += ","
            if let script { lines.append("  \"script\": \(string(script)),") }
            lines.append("  \"items\": \(string(items)),")
            var members = [
                "    \"title\": \(string(fields.title))",
                "    \"url\": { \"json\": \(string(fields.url)), \"type\": \"url\" }",
            ]
            if let date = fields.date {
                members.append("    \"date\": { \"json\": \(string(date)), \"type\": \"date\" }")
            }
            lines.append("  \"fields\": {")
            lines.append(members.joined(separator: ",\n"))
            lines.append("  },")
            lines.append("  \"required\": [\"title\", \"url\"]")
        } else if let items, let fields {
            lines[lines.count - 1] += ","
            lines.append("  \"items\": \(string(items)),")
            lines.append("  \"fields\": {")
            var members = [
                "    \"title\": \(string(fields.title))",
                "    \"url\": { "
                    + (fields.urlXPath.map { "\"xpath\": \(string($0))" } ?? "\"css\": \(string(fields.url))")
                    + ", \"type\": \"url\" }",
            ]
            if let date = fields.date {
                var parts = ["\"css\": \(string(date.css))", "\"type\": \"date\""]
                if let format = date.format { parts.append("\"format\": \(string(format))") }
                if !date.strip.isEmpty {
                    parts.append("\"strip\": [\(date.strip.map(string).joined(separator: ", "))]")
                }
                members.append("    \"date\": { \(parts.joined(separator: ", ")) }")
            }
            if let summary = fields.summary { members.append("    \"summary\": \(string(summary))") }
            lines.append(members.joined(separator: ",\n"))
            lines.append("  },")
            lines.append("  \"required\": [\"title\", \"url\"]")
        }
        lines.append("}")
        let padding = String(repeating: " ", count: indent)
        return lines.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map { padding + $0 }.joined(separator: "\n")
    }

    /// The proposal read back as a source, exactly as `trawl.json` would give it.
    func configuration(in folder: URL) throws -> SourceConfiguration? {
        let file = folder.appendingPathComponent("trawl.json")
        return try ConfigurationLoader.load(Data("{\"sources\": [\(json())]}".utf8), file: file).sources.first
    }
}
