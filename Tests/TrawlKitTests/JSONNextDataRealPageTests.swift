import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// A real Next.js page's `__NEXT_DATA__` as a `json` source: The Verge's article page from
/// Mozilla readability's test pages (`../shared/testdata/pages/theverge.html`, read by path).
/// The copy readability saved wraps each script's text in `<![CDATA[ … ]]>`, as XHTML-era
/// pages do too. Fields checked against what was read off the page by hand.
@Suite struct JSONNextDataRealPageTests {
    @Test func theMostPopularListInNextDataGivesItsArticles() throws {
        guard let pages = try SharedTestData.folder("pages") else { return }
        let json = #"""
            {"sources": [{"id": "verge", "kind": "json", "url": "https://www.theverge.com/", "script": "script#__NEXT_DATA__",
              "items": "$.props.pageProps.mostPopular[*]",
              "fields": {"title": "$.title", "url": "$.url", "author": "$.author.fullName",
                         "date": {"json": "$.publishDate", "format": "yyyy-MM-dd'T'HH:mm:ss"}}}]}
            """#
        let configuration = try ConfigurationLoader.load(Data(json.utf8), file: URL(fileURLWithPath: "/tmp/trawl.json"))
        let configured = try #require(configuration.sources.first)
        let page = URL(string: "https://www.theverge.com/")!
        let body = try Data(contentsOf: pages.appendingPathComponent("theverge.html"))
        let result = try PageScraper(source: configured).scrape(
            FetchedPage(requestedURL: page, url: page, body: body, contentType: "text/html; charset=utf-8"))
        #expect(result.items.count == 5)
        #expect(result.warnings.isEmpty)
        #expect(
            result.items.map(\.title) == [
                "Google confirms it just laid off around a thousand employees",
                "Rabbit sells out 10,000 units of its R1 pocket AI companion in one day",
                "Discord is laying off 17 percent of employees",
                "Google is losing its Fitbit leaders and laying off hundreds of AR employees",
                "Google removes 17 features from Google Assistant",
            ])
        let first = try #require(result.items.first)
        #expect(
            first.url?.absoluteString
                == "https://www.theverge.com/2024/1/11/24034124/google-layoffs-engineering-assistant-hardware")
        #expect(first[field: "author"] == .string("Sean Hollister"))
        // "2024-01-11T06:38:24" has no zone: a `format` reads it, in UTC.
        #expect(first.date == Date(timeIntervalSince1970: 1_704_955_104))
        #expect(result.items[2][field: "author"] == .string("Alex Heath"))
        #expect(result.items[4].date == Date(timeIntervalSince1970: 1_704_979_509))  // 2024-01-11T13:25:09
    }

    @Test(arguments: [
        "<![CDATA[\n{\"a\": 1}\n]]>", "/* <![CDATA[ */\nvar state = {\"a\": 1};\n/* ]]> */",
        "//<![CDATA[\n{a: 1}\n//]]>",
    ])
    func aCDATAWrapperIsNoPartOfTheValue(_ text: String) throws {
        #expect(try EmbeddedJSON.value(in: text)["a"]?.numberValue?.int == 1)
    }
}
