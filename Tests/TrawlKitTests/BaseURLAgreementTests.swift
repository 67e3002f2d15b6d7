import Foundation
import Testing

@testable import TrawlKit

/// `trawl select` and a scrape resolve a page's links against one base URL, the document's
/// (HTML Standard §4.2.3), on pages where the scrape's own rule (`//base[@href]`, trimmed of
/// spaces only) and the document's (the `head` only) once disagreed.
@Suite struct BaseURLAgreementTests {
    static let pageURL = URL(string: "https://example.org/news/today.html")!

    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var head: String
        var body: String
        var expected: String
    }

    @Test(arguments: [
        Case(
            testDescription: "a base without href in the head, one with href in the body",
            head: #"<base target="_blank">"#, body: #"<base href="https://mirror.example/site/">"#,
            expected: "https://mirror.example/site/story"),
        Case(
            testDescription: "the only base inside the body's first paragraph", head: "",
            body: #"<p>Hello <base href="/archive/"></p>"#, expected: "https://example.org/archive/story"),
        Case(
            testDescription: "an href written on lines of its own",
            head: "<base href=\"\n  https://mirror.example/lines/\n\">",
            body: "", expected: "https://mirror.example/lines/story"),
        Case(
            testDescription: "a base after another base: the first wins",
            head: #"<base href="https://first.example/a/">"#, body: #"<base href="https://second.example/b/">"#,
            expected: "https://first.example/a/story"),
        Case(
            testDescription: "no base: the page's own URL", head: "", body: "",
            expected: "https://example.org/news/story"),
    ])
    func selectAndAScrapeResolveLinksAlike(_ test: Case) async throws {
        let html = """
            <html><head><title>News</title>\(test.head)</head><body>\(test.body)
            <div class="post"><h2>Story</h2><a href="story">more</a></div>
            </body></html>
            """
        let source = SourceConfiguration(
            id: "news", kind: .list, url: Self.pageURL, items: ".post",
            fields: [
                FieldRule(name: "title", locator: .css("h2")),
                FieldRule(name: "url", locator: .css("a"), attr: "href", type: .url),
            ])
        let page = FetchedPage(requestedURL: Self.pageURL, url: Self.pageURL, body: Data(html.utf8))
        let scraped = try PageScraper(source: source).scrape(page).items.map { $0.url?.absoluteString }
        let selected = try await SelectCommandTests.select(
            ["a", "PAGE", "--attr", "href", "--base", Self.pageURL.absoluteString], page: html)
        #expect(scraped == [test.expected])
        #expect(selected.output == test.expected + "\n")
    }

    @Test func nextPageLinksResolveAgainstTheSameBase() throws {
        let html = """
            <html><head><base target="_self"></head><body><base href="https://mirror.example/list/">
            <div class="post"><h2>Story</h2></div><a rel="next" href="page/2">next</a>
            </body></html>
            """
        var source = SourceConfiguration(
            id: "news", kind: .list, url: Self.pageURL, items: ".post",
            fields: [FieldRule(name: "title", locator: .css("h2"))])
        source.maxPages = 3
        let page = FetchedPage(requestedURL: Self.pageURL, url: Self.pageURL, body: Data(html.utf8))
        #expect(
            try PageScraper(source: source).scrape(page).nextPage?.absoluteString
                == "https://mirror.example/list/page/2")
    }
}
