import Foundation

/// `feeds.opml` (OPML 2.0, "subscription lists"): every feed the site publishes, so a feed
/// reader subscribes to all of them from one file.
///
/// The unified feed first, then one outline per source in configuration order, each with
/// its Atom feed as `xmlUrl` and its page as `htmlUrl`. The addresses are absolute under
/// `site.url`; without one they are relative to the file, which a reader that imports from
/// a path resolves, but a copy moved elsewhere would not: set `site.url` for a site people
/// subscribe to. No `dateCreated`: the file is a function of the configuration alone and
/// keeps its bytes from run to run.
enum OPMLGenerator {
    static func generate(_ site: GenerationContext) throws {
        try site.writer.write(
            document(site: site.content.site, sources: site.content.sources.map(\.configuration)), to: fileName)
    }

    static let fileName = "feeds.opml"

    /// The OPML text for a site with these sources.
    static func document(site: SiteSettings, sources: [SourceConfiguration]) -> String {
        func address(_ path: String) -> String {
            GenerationContext.absoluteURL(path, under: site.url)?.absoluteString ?? path
        }
        func outline(title: String, folder: String, indent: String) -> String {
            let text = SafeText.html(title)
            return "\(indent)<outline type=\"rss\" text=\"\(text)\" title=\"\(text)\" "
                + "xmlUrl=\"\(SafeText.html(address("\(folder)feed.atom")))\" "
                + "htmlUrl=\"\(SafeText.html(address("\(folder)index.html")))\"/>\n"
        }
        let siteTitle = SafeText.line(site.title)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n<head>\n"
        xml += "  <title>\(SafeText.html(siteTitle))</title>\n"
        xml += "</head>\n<body>\n"
        xml += outline(title: siteTitle, folder: "", indent: "  ")
        if !sources.isEmpty {
            let group = SafeText.html("\(siteTitle): sources")
            xml += "  <outline text=\"\(group)\" title=\"\(group)\">\n"
            for source in sources {
                xml += outline(
                    title: "\(siteTitle): \(SafeText.line(source.name))", folder: "sources/\(source.id)/",
                    indent: "    ")
            }
            xml += "  </outline>\n"
        }
        xml += "</body>\n</opml>\n"
        return xml
    }
}
