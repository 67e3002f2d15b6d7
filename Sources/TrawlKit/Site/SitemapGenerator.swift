import Foundation

/// `sitemap.xml` (sitemaps.org protocol 0.9): every page, by absolute URL.
///
/// The protocol wants absolute URLs, so there is a sitemap only when `site.url` is set.
/// No `lastmod`: the pages say when they changed, and the sitemap stays byte-identical.
enum SitemapGenerator {
    static func generate(_ site: GenerationContext) throws {
        let pages = site.writer.paths.filter { $0.hasSuffix(".html") }.sorted()
        let urls = pages.compactMap { site.absoluteURL($0) }
        guard !urls.isEmpty else { return }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for url in urls {
            xml += "  <url><loc>\(SafeText.html(url.absoluteString))</loc></url>\n"
        }
        xml += "</urlset>\n"
        try site.writer.write(xml, to: "sitemap.xml")
    }
}
