import Foundation
import TestSupport
import Testing
import TrawlArticle
import TrawlHTML

@testable import TrawlKit

/// `trawl extract`: the article extractor's workbench on real saved pages. Its `--json`
/// keys are an interface; its Markdown must read back through cmark-gfm as the same text.
@Suite struct ExtractCommandTests {
    static let story = SharedTestData.packageRoot.appendingPathComponent(
        "Tests/TrawlKitTests/Fixtures/real/bbc/2017-03-article.html")
    static let frontPage = SharedTestData.packageRoot.appendingPathComponent(
        "Tests/TrawlKitTests/Fixtures/real/bbc/2025-04-news-home.html")

    func run(_ arguments: [String]) async -> (TrawlKit.ExitStatus, CapturingConsole) {
        let capture = CapturingConsole()
        let status = await CommandLineTool.main(["extract"] + arguments, console: capture.console)
        return (status, capture)
    }

    @Test func jsonHasEveryKeyInItsOrderWithAbsentValuesAsNull() async throws {
        let (status, capture) = await run([
            Self.story.path, "--json", "--base", "http://www.bbc.com/news/world-middle-east-39298218",
        ])
        #expect(status == .success)
        let keys = ["url", "title", "byline", "published", "siteName", "lang", "excerpt", "image", "html", "text"]
        let positions = keys.map { capture.output.range(of: "\"\($0)\": ")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        #expect(capture.output.contains("\"url\": \"http://www.bbc.com/news/world-middle-east-39298218\""))
        #expect(capture.output.contains("\"byline\": null"))
        #expect(capture.output.contains("\"siteName\": \"BBC News\""))
    }

    @Test func markdownReadsBackThroughCmarkAsTheArticlesText() async throws {
        let (status, capture) = await run([Self.story.path, "--markdown"])
        #expect(status == .success)
        #expect(capture.output.hasPrefix("# Egypt Pharaoh statue 'not Ramses II but different ruler'\n\n"))
        let extraction = ArticleExtractor.extract(try Data(contentsOf: Self.story))
        let article = try #require(extraction.article)
        let rendered = MarkdownRenderer.html(capture.output)
        let words = { (text: String) in text.split { !$0.isLetter && !$0.isNumber }.map(String.init) }
        let renderedText = Document.parseHTML(rendered).root?.text ?? ""
        // The title is the Markdown's heading; then the same words, in the same order.
        #expect(words(renderedText) == words((article.title ?? "") + " " + article.text))
    }

    @Test func markdownEscapesTextThatLooksLikeMarkup() {
        let html = "<p>2 * 3 = 6, _not_ [a](javascript:x) &lt;script&gt; # one | two &amp;amp;</p><p>1. not a list</p>"
        let markdown = ArticleMarkdownWriter.markdown(html: html)
        let rendered = MarkdownRenderer.html(markdown)
        #expect(!rendered.contains("<em>"))
        #expect(!rendered.contains("<a "))
        #expect(!rendered.contains("<ol"))
        #expect(!rendered.contains("<script"))
        #expect(
            Document.parseHTML(rendered).root?.text
                == "2 * 3 = 6, _not_ [a](javascript:x) <script> # one | two &amp; 1. not a list")
    }

    @Test func aFrontPageGivesNoArticleAndSaysWhy() async {
        let (status, capture) = await run([Self.frontPage.path])
        #expect(status == .failure)
        #expect(capture.output.isEmpty)
        #expect(capture.errors.contains("no article: the text found is mostly links"))
    }

    @Test(arguments: [["--json", "--html"], [], ["a.html", "b.html"], ["a.html", "--base", "relative/"]])
    func badArgumentsAreUsageErrors(arguments: [String]) async {
        let (status, _) = await run(arguments.first?.hasPrefix("--") == true ? ["page.html"] + arguments : arguments)
        #expect(status == .usage)
    }

    @Test func anUnreadableFileIsAFailureNamingIt() async {
        let (status, capture) = await run(["/nonexistent/page.html"])
        #expect(status == .failure)
        #expect(capture.errors.contains("/nonexistent/page.html"))
    }
}
