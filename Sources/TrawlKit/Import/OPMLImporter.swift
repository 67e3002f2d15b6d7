import Foundation
import TrawlHTML
import TrawlJSON

/// A feed reader's OPML: each `outline` with an `xmlUrl` becomes a `feed` source, at any
/// depth of categories; FreshRSS's scraping feeds (`frss:` attributes) become `list`
/// sources by XPath or `json` sources by JSONPath (`OPMLImporter+FreshRSS`).
struct OPMLImporter {
    let file: String

    /// One outline's attributes by lower-cased local name (`frss:xPathItem` → `xpathitem`):
    /// OPML writers differ in case, and some write `frss:` without declaring its namespace.
    struct Outline {
        var attributes: [String: String]
        var number: Int

        subscript(name: String) -> String? {
            guard let value = attributes[name.lowercased()]?.trimmingCharacters(in: .whitespacesAndNewlines),
                !value.isEmpty
            else { return nil }
            return value
        }

        var title: String? { self["text"] ?? self["title"] }
        var origin: String { "outline \(number)" + (title.map { " '\($0)'" } ?? "") }
    }

    func read(_ bytes: [UInt8], ids: inout SourceIDs) throws -> ImportReport {
        let document = Document.parseXML(Data(bytes))
        guard document.root != nil else { throw ImportFormat.UnknownFormatError(file: file) }
        var report = ImportReport(format: .opml)
        let elements = try document.xpath("//*[local-name()='outline' or local-name()='OUTLINE']")
        for (index, element) in elements.enumerated() {
            var attributes: [String: String] = [:]
            for attribute in element.attributes {
                let local = attribute.name.split(separator: ":").last.map(String.init) ?? attribute.name
                attributes[local.lowercased()] = attribute.value
            }
            let outline = Outline(attributes: attributes, number: index + 1)
            if let list = outline["opmlUrl"] {
                report.skipped.append(
                    "\(outline.origin): a dynamic category, filled from \(list); import that OPML file itself")
                continue
            }
            guard let address = outline["xmlUrl"] else { continue }
            guard let url = URL(string: address), url.isWebAddress else {
                report.skipped.append("\(outline.origin): '\(address)' is not an http or https address")
                continue
            }
            report.sources.append(source(for: outline, url: url, ids: &ids))
        }
        return report
    }

    private func source(for outline: Outline, url: URL, ids: inout SourceIDs) -> ImportedSource {
        let id = ids.make(title: outline.title, url: url)
        var source = ImportedSource(members: [("id", .text(id))], origin: outline.origin)
        if let title = outline.title { source.members.append(("name", .text(title))) }
        let type = outline["type"]?.lowercased() ?? "rss"
        switch type {
        case "html+xpath", "xml+xpath":
            freshRSSList(outline, url: url, into: &source)
        case "json+dotnotation", "html+xpath+json+dotnotation", "json+dotpath":
            freshRSSJSON(outline, url: url, embedded: type.hasPrefix("html"), into: &source)
        default:
            source.members += [("kind", .text("feed")), ("url", .text(url.absoluteString))]
            if !["rss", "atom", "jsonfeed", "rdf", "link"].contains(type) {
                source.notes.append("outline type '\(outline["type"] ?? type)' read as a feed")
            }
        }
        freshRSSRequest(outline, into: &source)
        return source
    }
}
