import Testing

@testable import TrawlKit

@Suite struct MarkdownRendererTests {
    @Test func rendersGFMTablesAutolinksAndStrikethrough() {
        let html = MarkdownRenderer.html(
            """
            | field | old | new |
            |---|---|---|
            | scale | ~~80000~~ | 40000 |

            See https://charts.noaa.gov/ for more.
            """)
        #expect(html.contains("<table>"))
        #expect(html.contains("<del>80000</del>"))
        #expect(html.contains(#"<a href="https://charts.noaa.gov/">"#))
    }

    @Test func neverPassesRawHTMLThrough() {
        let html = MarkdownRenderer.html("Hello <script>alert(1)</script> and [x](javascript:alert(1))")
        #expect(!html.contains("<script>"))
        #expect(!html.contains("javascript:"))
    }

    @Test(arguments: ["ftp://evil.example/x", "[x](javascript:alert(1))", "[x](data:text/html,hi)"])
    func onlyWebAndMailLinksSurvive(_ markdown: String) {
        let html = MarkdownRenderer.html("see \(markdown) now")
        #expect(!html.contains("<a "), "\(html)")
        #expect(html.contains("see "))
    }

    @Test func webAndRelativeLinksStay() {
        let html = MarkdownRenderer.html("[a](https://a.example/) [b](../digests/) <mailto:x@example.org>")
        #expect(html.contains(#"href="https://a.example/""#))
        #expect(html.contains(#"href="../digests/""#))
        #expect(html.contains(#"href="mailto:x@example.org""#))
    }
}
