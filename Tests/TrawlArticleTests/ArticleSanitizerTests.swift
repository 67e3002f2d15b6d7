import Foundation
import Testing

@testable import TrawlArticle

/// The allowlist the article's HTML passes on its way into pages and feeds, on hostile
/// markup: nothing active survives, and every address is absolute and harmless.
@Suite struct ArticleSanitizerTests {
    /// An article paragraph long enough to be found, with the hostile part inside it.
    static func article(_ hostile: String) throws -> Article {
        let prose = String(
            repeating: "The council met on Tuesday, and it voted, after a long debate, to reopen the library. ",
            count: 6)
        let page = "<html><body><article><p>\(prose)</p><p>\(prose) \(hostile)</p></article></body></html>"
        let extraction = ArticleExtractor.extract(
            Data(page.utf8), url: URL(string: "https://example.org/news/story.html"))
        return try #require(extraction.article, "\(extraction.notes)")
    }

    @Test(arguments: [
        ("<script>alert(1)</script>", "alert"),
        ("<style>p{}</style>", "<style"),
        ("<a href=\"javascript:alert(1)\">x</a>", "javascript:"),
        ("<a href=\"data:text/html,<b>x</b>\">x</a>", "data:text"),
        ("<img src=\"x.png\" onerror=\"alert(1)\">", "onerror"),
        ("<b onclick=\"alert(1)\">x</b>", "onclick"),
        ("<iframe src=\"https://evil.example/\"></iframe>", "iframe"),
        ("<form action=\"/login\"><input name=\"password\"></form>", "<input"),
        ("<form action=\"/login\"><input name=\"password\"></form>", "<form"),
        ("<span style=\"position:fixed\">x</span>", "style="),
        ("<img src=\"data:image/svg+xml,<svg onload=alert(1)>\">", "svg"),
        ("<object data=\"x.swf\"></object>", "object"),
        ("<a href=\"vbscript:msgbox\">x</a>", "vbscript"),
    ])
    func hostileMarkupLeavesNothingActive(hostile: String, forbidden: String) throws {
        let html = try Self.article(hostile).html
        #expect(!html.lowercased().contains(forbidden), "\(html)")
    }

    @Test func linksAndImagesBecomeAbsoluteAndInlineImagesStay() throws {
        let html = try Self.article(
            "<a href=\"../about.html\">about</a> <img src=\"/img/a.png\" alt=\"A\"> <img src=\"data:image/png;base64,iVBORw0KGgo=\">"
                + " <a href=\"#note-1\">1</a> <img data-src=\"/img/lazy.jpg\" src=\"data:image/gif;base64,R0lGOD\">"
        ).html
        #expect(html.contains("<a href=\"https://example.org/about.html\">about</a>"))
        #expect(html.contains("<img src=\"https://example.org/img/a.png\" alt=\"A\">"))
        #expect(html.contains("<img src=\"data:image/png;base64,iVBORw0KGgo=\">"))
        #expect(html.contains("<a href=\"#note-1\">1</a>"))
        // A lazy-loaded image: the real address, not the placeholder.
        #expect(html.contains("<img src=\"https://example.org/img/lazy.jpg\">"))
    }

    @Test func textIsEscapedAndStructureKept() throws {
        let html = try Self.article("<code>a &lt; b &amp;&amp; c</code> <em>now</em>")
            .html
        #expect(html.contains("<code>a &lt; b &amp;&amp; c</code>"))
        #expect(html.contains("<em>now</em>"))
        #expect(html.contains("<p>"))
    }
}
