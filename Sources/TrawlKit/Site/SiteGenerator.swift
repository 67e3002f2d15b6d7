import Foundation

/// Renders `Output/` from the cache alone, so the same cache always gives the same site.
public struct SiteGenerator: Sendable {
    public let configuration: Configuration

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    var store: CacheStore { CacheStore(root: configuration.cacheDirectory) }

    /// Writes the site; returns how many files it wrote or found already current.
    @discardableResult
    public func generate() throws -> Int {
        let output = configuration.outputDirectory
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        var sections: [String] = []
        for source in configuration.sources {
            let items = (try? store.lastGoodSnapshot(of: source.id))?.items ?? []
            let rows = items.map { item -> String in
                let title = HTMLText.escape(item.title)
                guard let url = item.url, HTMLText.isSafeLink(url) else { return "<li>\(title)</li>" }
                return "<li><a href=\"\(HTMLText.escape(url.absoluteString))\">\(title)</a></li>"
            }
            sections.append(
                "<section><h2>\(HTMLText.escape(source.name))</h2>\n<ul>\n\(rows.joined(separator: "\n"))\n</ul></section>")
        }
        let title = HTMLText.escape(configuration.site.title)
        let page = """
            <!DOCTYPE html>
            <html lang="en">
            <head><meta charset="utf-8"><title>\(title)</title>
            <link rel="alternate" type="application/atom+xml" href="feed.atom" title="\(title)"></head>
            <body><h1>\(title)</h1>
            \(sections.joined(separator: "\n"))
            </body></html>

            """
        try page.write(to: output.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        return 1
    }
}

/// Escaping for scraped text on its way into HTML: text is data, never markup.
enum HTMLText {
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// Only web and mail links become links; `javascript:` and `data:` never do.
    static func isSafeLink(_ url: URL) -> Bool {
        ["http", "https", "mailto"].contains(url.scheme?.lowercased() ?? "")
    }
}
