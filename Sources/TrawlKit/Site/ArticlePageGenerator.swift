import Foundation
import Mustache
import TrawlText

/// `sources/<id>/articles/<key>.html`: the article each item's own page gave (`detail`
/// with `"article": true`), linked from the item on the source page. The HTML was
/// sanitised by TrawlArticle's allowlist when it was read; every other text is escaped here.
enum ArticlePageGenerator {
    struct Page: MustacheObject {
        var page: PageContext
        var title: String
        var href: String
        var byline: String
        var html: String
        var sourceName: String

        func member(_ key: String) -> MustacheValue? {
            switch key {
            case "page": return .custom(page)
            case "title": return .string(title)
            case "href": return .string(href)
            case "byline": return .string(byline)
            case "html": return .string(html)
            case "sourceName": return .string(sourceName)
            default: return nil
            }
        }
    }

    /// The folder of a source's article pages, under the source's own.
    static let folder = "articles"

    /// The page of `itemID`'s article, relative to the source's folder: named by a stable
    /// hash of the id, so any id (a URL, a title) makes a short, safe file name.
    static func path(of itemID: String) -> String {
        "\(folder)/\(String(FNV1a.hash(itemID), radix: 16)).html"
    }

    /// Whether `name` is one this generator writes (for removing stale ones).
    static func isArticleFileName(_ name: String) -> Bool {
        name.hasSuffix(".html") && name.dropLast(5).allSatisfy(\.isHexDigit)
    }

    /// The items that have a page: an article whose HTML is kept.
    static func pages(of source: SiteContent.Source) -> [String: String] {
        var pages: [String: String] = [:]
        for (id, article) in source.articles where !article.html.isEmpty { pages[id] = path(of: id) }
        return pages
    }

    static func generate(_ site: GenerationContext) throws {
        let root = "../../../"
        for source in site.content.sources where !source.articles.isEmpty {
            for item in source.items {
                guard let article = source.articles[item.id], !article.html.isEmpty else { continue }
                let title = SafeText.line(article.title ?? item.title)
                let page = Page(
                    page: site.page(root: root, title: title.isEmpty ? SafeText.line(item.title) : title),
                    title: title.isEmpty ? SafeText.line(item.title) : title,
                    href: SafeText.link(item.link) ?? "",
                    byline: article.byline.map(SafeText.line) ?? "",
                    html: article.html,
                    sourceName: source.name)
                try site.writePage("article", page, to: "sources/\(source.id)/\(path(of: item.id))")
            }
        }
    }
}
