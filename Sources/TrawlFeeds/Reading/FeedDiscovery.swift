import CLibXML2
import Foundation
import TrawlText

/// Finds the feeds an HTML page advertises with `<link rel="alternate" type="application/rss+xml">`
/// and its Atom and JSON Feed kin (the RSS autodiscovery convention).
enum FeedDiscovery {
    private static let feedTypes: Set<String> = [
        "application/rss+xml", "application/atom+xml", "application/rdf+xml", "application/feed+json",
        "application/json", "text/xml", "application/xml",
    ]

    /// The feeds the page links to, resolved against its `<base href>` and URL, in document order.
    static func feeds(inHTML data: Data, url: URL?) -> [URL] {
        _ = ParsedXML.libraryInitialized
        let options = Int32(
            HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_RECOVER.rawValue)
        let document: htmlDocPtr? = data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, buffer.count <= Int(Int32.max) else { return nil }
            return htmlReadMemory(
                base.assumingMemoryBound(to: CChar.self), Int32(buffer.count), url?.absoluteString, nil, options)
        }
        guard let document else { return [] }
        defer { xmlFreeDoc(document) }
        var links: [(rel: String, type: String, href: String)] = []
        var base = url
        var stack: [xmlNodePtr] = xmlDocGetRootElement(document).map { [$0] } ?? []
        while let node = stack.popLast() {
            var child = node.pointee.children
            var children: [xmlNodePtr] = []
            while let current = child {
                if current.pointee.type == XML_ELEMENT_NODE { children.append(current) }
                child = current.pointee.next
            }
            stack.append(contentsOf: children.reversed())
            let element = Element(node: node)
            switch element.name.lowercased() {
            case "base":
                if let href = element.attribute("href"), let resolved = URL(reference: href.trimmed, relativeTo: url) {
                    base = resolved.absoluteURL
                }
            case "link":
                links.append(
                    (element.attribute("rel") ?? "", element.attribute("type") ?? "", element.attribute("href") ?? ""))
            default: break
            }
        }
        var seen = Set<URL>()
        return links.compactMap { link in
            let rels = link.rel.lowercased().split(whereSeparator: \.isWhitespace)
            guard rels.contains("alternate"), feedTypes.contains(link.type.trimmed.lowercased()),
                let href = URL(reference: link.href.trimmed, relativeTo: base), seen.insert(href).inserted
            else { return nil }
            return href
        }
    }
}
