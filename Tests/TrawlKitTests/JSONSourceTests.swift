import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// `json` sources: items and fields by JSONPath, JSON's own types kept, the JSON in a
/// page's scripts, and what a response that is not JSON (or a list that gets JSON) says.
@Suite struct JSONSourceTests {
    static let url = URL(string: "https://api.example.org/v1/releases")!

    static func configuration(_ source: String) throws -> Configuration {
        let json = #"{"sources": [\#(source)]}"#
        return try ConfigurationLoader.load(Data(json.utf8), file: URL(fileURLWithPath: "/tmp/trawl.json"))
    }

    static func scrape(
        _ source: String, body: String, contentType: String? = "application/json"
    ) throws
        -> ScrapeResult
    {
        let configured = try #require(try configuration(source).sources.first)
        let page = FetchedPage(requestedURL: url, url: url, body: Data(body.utf8), contentType: contentType)
        return try PageScraper(source: configured).scrape(page)
    }

    static let releases = #"""
        {"id": "r", "kind": "json", "url": "https://api.example.org/v1/releases", "items": "$[*]",
         "fields": {"title": "$.name", "url": {"json": "$.html_url", "type": "url"},
                    "date": {"json": "$.published_at", "type": "date"},
                    "assets": {"json": "$.assets[*].name", "many": true},
                    "downloads": "$.assets[0].download_count", "prerelease": "$.prerelease",
                    "stamp": {"json": "$.stamp", "type": "date"}}}
        """#

    @Test func itemsAndFieldsComeByJSONPathWithTheirJSONTypes() throws {
        let body = #"""
            [{"name": "Swift 6.1", "html_url": "/tag/6.1", "published_at": "2025-03-31T17:00:00Z",
              "assets": [{"name": "a.tar.gz", "download_count": 12}, {"name": "b.zip"}], "prerelease": false,
              "stamp": 1743440400},
             {"name": "Swift 6.0", "html_url": "https://example.org/tag/6.0", "published_at": null,
              "assets": [], "prerelease": true, "stamp": 1726000000000}]
            """#
        let result = try Self.scrape(Self.releases, body: body)
        #expect(result.items.count == 2)
        let first = result.items[0]
        #expect(first.title == "Swift 6.1")
        #expect(first.url?.absoluteString == "https://api.example.org/tag/6.1")
        #expect(first.date == Date(timeIntervalSince1970: 1_743_440_400))
        #expect(first[field: "assets"] == .list([.string("a.tar.gz"), .string("b.zip")]))
        #expect(first[field: "downloads"] == .int(12))
        #expect(first[field: "prerelease"] == .bool(false))
        #expect(first[field: "stamp"] == .date(Date(timeIntervalSince1970: 1_743_440_400)))
        let second = result.items[1]
        #expect(second.date == nil)
        #expect(second[field: "assets"] == nil)
        // Above 10^11 a Unix time is in milliseconds.
        #expect(second[field: "stamp"] == .date(Date(timeIntervalSince1970: 1_726_000_000)))
        #expect(result.warnings.isEmpty)
    }

    @Test func aValueOfTheWrongShapeIsWarnedOfWithItsPosition() throws {
        let body = #"[{"name": "x", "published_at": {"at": 1}}]"#
        let result = try Self.scrape(Self.releases, body: body)
        #expect(result.items.count == 1)
        #expect(result.warnings == ["field 'date': an object at line 1, column 32, not a date"])
    }

    @Test func itemsThatLostTheirNamesAreCountedForTheGuard() throws {
        // The API renamed `name` and `html_url`: three nodes matched, none with an id.
        let result = try Self.scrape(Self.releases, body: #"[{"title": "a"}, {"title": "b"}, {"title": "c"}]"#)
        #expect(result.items.isEmpty)
        #expect(result.missingRequired == 3)
        #expect {
            try ScrapeGuard(source: Self.configuration(Self.releases).sources[0]).check(result, previous: nil)
        } throws: { error in
            "\(error)".contains("3 of 3 items lack an id")
        }
    }

    @Test func aBadJSONPathIsAConfigurationErrorWithItsColumn() throws {
        let source =
            #"{"id": "r", "kind": "json", "url": "https://x.org/", "items": "$[*", "fields": {"title": "$.a"}}"#
        #expect {
            try Self.configuration(source)
        } throws: { error in
            "\(error)".contains("bad JSONPath: expected ',' or ']' at column 4 in \"$[*\"")
        }
    }

    @Test func aCSSSelectorInAJSONFieldIsAConfigurationError() throws {
        let source =
            #"{"id": "r", "kind": "json", "url": "https://x.org/", "items": "$[*]", "fields": {"title": "h2 a"}}"#
        #expect {
            try Self.configuration(source)
        } throws: { error in
            "\(error)".contains("expected '$' at the start of the query at column 1 in \"h2 a\"")
        }
    }

    @Test func anHTMLPageWhereJSONWasExpectedIsAFailureThatSaysSo() throws {
        let page = "<!doctype html><html><head><title>Sign in</title></head><body>Log in first</body></html>"
        #expect {
            try Self.scrape(Self.releases, body: page, contentType: "text/html")
        } throws: { error in
            "\(error)"
                == "https://api.example.org/v1/releases: the response (text/html) is not JSON; it looks like an "
                + "HTML page titled 'Sign in': line 1, column 1: expected a value, found '<'"
        }
    }

    @Test func aListSourceThatReceivesJSONIsToldToUseTheJSONKind() throws {
        let list = #"{"id": "l", "kind": "list", "url": "https://x.org/", "items": "li", "fields": {"title": "a"}}"#
        #expect {
            try Self.scrape(list, body: #"{"items": []}"#)
        } throws: { error in
            "\(error)".contains("the response is JSON: use `kind: json`")
        }
    }

    @Test func aJavaScriptAssignmentYieldsTheAssignedValue() throws {
        let page = #"""
            <html><body><script>
            window.__INITIAL_STATE__ = {"feed": {"items": [{"title": "One", "link": "/1"}, {"title": "Two", "link": "/2"}]}};
            </script></body></html>
            """#
        let source = #"""
            {"id": "s", "kind": "json", "url": "https://x.org/news/", "script": "script", "items": "$.feed.items[*]",
             "fields": {"title": "$.title", "url": "$.link"}}
            """#
        let result = try Self.scrape(source, body: page, contentType: "text/html")
        #expect(result.items.map(\.title) == ["One", "Two"])
        // Links resolve against the page the state came from.
        #expect(
            result.items.map { $0.url?.absoluteString } == ["https://api.example.org/1", "https://api.example.org/2"])
    }

    @Test func eachMatchingScriptIsReadInDocumentOrder() throws {
        let page = #"""
            <html><head>
            <script type="application/ld+json">{"@type": "BlogPosting", "headline": "First"}</script>
            <script>var unrelated = 1;</script>
            <script type="application/ld+json">{"@type": "BlogPosting", "headline": "Second"}</script>
            </head></html>
            """#
        let source = #"""
            {"id": "s", "kind": "json", "url": "https://x.org/", "script": "script[type='application/ld+json']",
             "items": "$", "fields": {"title": "$.headline"}}
            """#
        let result = try Self.scrape(source, body: page, contentType: "text/html")
        #expect(result.items.map(\.title) == ["First", "Second"])
    }

    static let peer = Fixture.url("json/html2rss")

    static func peerPage(_ name: String) throws -> FetchedPage {
        let file = peer.appendingPathComponent(name)
        let url = URL(string: "https://example.com/")!
        return FetchedPage(requestedURL: url, url: url, body: try Data(contentsOf: file), contentType: "text/html")
    }

    @Test func nextDataInAPeersFixtureGivesItsArticle() throws {
        let source = #"""
            {"id": "n", "kind": "json", "url": "https://example.com/", "script": "script#__NEXT_DATA__",
             "items": "$.props.pageProps.articles[*]",
             "fields": {"title": "$.title", "url": "$.url", "date": "$.datePublished", "tags": {"json": "$.tags", "many": true}}}
            """#
        let configured = try #require(try Self.configuration(source).sources.first)
        let result = try PageScraper(source: configured).scrape(try Self.peerPage("next.html"))
        let item = try #require(result.items.first)
        #expect(result.items.count == 1)
        #expect(item.id == "https://example.com/next/headline")
        #expect(item.title == "Next.js powers the latest headlines")
        #expect(item.date == Date(timeIntervalSince1970: 1_711_972_800))
        #expect(item[field: "tags"] == .list([.string("nextjs"), .string("spa")]))
    }

    static func peerItems(_ name: String, items: String, fields: String) throws -> [Item] {
        let source = """
            {"id": "n", "kind": "json", "url": "https://example.com/", "script": "script", "items": "\(items)",
             "fields": \(fields)}
            """
        let configured = try #require(try Self.configuration(source).sources.first)
        return try PageScraper(source: configured).scrape(try Self.peerPage(name)).items
    }

    /// The peer's Nuxt page assigns an object literal (unquoted keys, trailing commas).
    @Test func aNuxtStateObjectLiteralGivesItsArticle() throws {
        let items = try Self.peerItems(
            "nuxt.html", items: "$.state.feed.items[*]",
            fields: #"""
                {"title": "$.headline", "url": "$.path", "date": "$.publishedAt", "summary": "$.excerpt",
                 "categories": {"json": "$.categories[*].name", "many": true}}
                """#)
        let item = try #require(items.first)
        #expect(items.count == 1)
        #expect(item.title == "Nuxt article arrives")
        #expect(item.url?.absoluteString == "https://example.com/nuxt/article")
        #expect(item.date == Date(timeIntervalSince1970: 1_712_052_000))  // 2024-04-02T10:00:00Z
        #expect(item[field: "summary"] == .string("Nuxt.js embeds article data into a global."))
        #expect(item[field: "categories"] == .list([.string("nuxt"), .string("spa")]))
    }

    @Test func aWindowStateObjectLiteralGivesItsPost() throws {
        let items = try Self.peerItems(
            "state.html", items: "$.posts[*]",
            fields: #"""
                {"id": "$.id", "title": "$.name", "url": "$.permalink", "date": "$.published_at",
                 "tags": {"json": "$.tags", "many": true}}
                """#)
        let item = try #require(items.first)
        #expect(items.count == 1)
        #expect(item.title == "Window state update")
        #expect(item.url?.absoluteString == "https://example.com/state/update")
        #expect(item[field: "id"] == .string("state-post-42"))
        #expect(item.date == Date(timeIntervalSince1970: 1_712_133_000))  // 2024-04-03T08:30:00Z
        #expect(item[field: "tags"] == .list([.string("updates"), .string("custom")]))
    }

    @Test func aReduxPreloadedStateObjectLiteralGivesItsArticle() throws {
        let items = try Self.peerItems(
            "redux.html", items: "$.articles[*]",
            fields: #"""
                {"id": "$.id", "title": "$.title", "url": "$.url", "date": "$.publishedAt",
                 "categories": {"json": "$.categories", "many": true}}
                """#)
        let item = try #require(items.first)
        #expect(items.count == 1)
        #expect(item.title == "Redux article")
        #expect(item.url?.absoluteString == "https://example.com/redux/article")
        #expect(item[field: "id"] == .string("redux-article-1"))
        #expect(item.date == Date(timeIntervalSince1970: 1_712_221_200))  // 2024-04-04T09:00:00Z
        #expect(item[field: "categories"] == .list([.string("redux"), .string("spa")]))
    }

    /// Code in the state is not data: an error naming the script, the line and the column.
    @Test func codeInAnAssignedStateIsAnErrorNamingTheScriptAndThePosition() throws {
        let page = """
            <html><body><script>
            window.__STATE__ = {posts: [{title: 'One',
              date: new Date(1711972800000)}]};
            </script></body></html>
            """
        let source = #"""
            {"id": "s", "kind": "json", "url": "https://x.org/", "script": "script", "items": "$.posts[*]",
             "fields": {"title": "$.title"}}
            """#
        #expect {
            try Self.scrape(source, body: page, contentType: "text/html")
        } throws: { error in
            "\(error)".contains(
                "script `script`, line 3, column 9: expected a value, found 'new Date(…)': code, not data")
        }
    }
}
