import Foundation
import Testing
import TrawlHTML

@testable import TrawlKit

/// List, table and status sources turning HTML into items, through `PageScraper`.
@Suite struct ScraperTests {
    static let pageURL = URL(string: "https://example.org/news/today.html")!

    func scrape(_ html: String, _ source: SourceConfiguration, url: URL? = ScraperTests.pageURL) throws -> ScrapeResult
    {
        try PageScraper(source: source).scrape(Document.parseHTML(html, url: url))
    }

    func list(_ items: String, _ fields: [FieldRule], required: [String] = []) -> SourceConfiguration {
        SourceConfiguration(
            id: "test", kind: .list, url: Self.pageURL, items: items, fields: fields, required: required)
    }

    // MARK: - Lists

    @Test func listItemsAreFoundBySelectorAndFieldsWithinEach() throws {
        let html = """
            <h2>Not an item</h2>
            <div class="post"><h2>First</h2><a href="/first">more</a></div>
            <div class="post"><h2>Second</h2><a href="second">more</a></div>
            """
        let source = list(
            ".post",
            [
                FieldRule(name: "title", locator: .css("h2")),
                FieldRule(name: "url", locator: .css("a::attr(href)"), type: .url),
            ])
        let result = try scrape(html, source)
        #expect(result.items.map(\.title) == ["First", "Second"])
        #expect(
            result.items.map(\.url?.absoluteString) == ["https://example.org/first", "https://example.org/news/second"])
        #expect(result.items.map(\.id) == ["https://example.org/first", "https://example.org/news/second"])
        #expect(result.warnings.isEmpty)
    }

    struct BaseCase: Sendable, CustomTestStringConvertible {
        var baseElement: String?
        var sourceBase: String?
        var expected: String
        var testDescription: String { "base element \(baseElement ?? "none"), source base \(sourceBase ?? "none")" }
    }

    @Test(arguments: [
        BaseCase(baseElement: nil, sourceBase: nil, expected: "https://example.org/news/story"),
        BaseCase(
            baseElement: "https://mirror.example.net/site/", sourceBase: nil,
            expected: "https://mirror.example.net/site/story"),
        BaseCase(baseElement: "/archive/", sourceBase: nil, expected: "https://example.org/archive/story"),
        BaseCase(
            baseElement: "https://mirror.example.net/site/", sourceBase: "https://www.example.com/real/",
            expected: "https://www.example.com/real/story"),
    ])
    func relativeLinksResolveAgainstTheSourceBaseThenTheBaseElementThenThePage(_ test: BaseCase) throws {
        let head = test.baseElement.map { #"<head><base href="\#($0)"></head>"# } ?? ""
        var source = list(
            "li",
            [
                FieldRule(name: "title", locator: .css("a")),
                FieldRule(name: "url", locator: .css("a::attr(href)"), type: .url),
            ])
        source.base = test.sourceBase.flatMap(URL.init(string:))
        let result = try scrape(
            "<html>\(head)<body><ul><li><a href=\"story\">Story</a></li></ul></body></html>", source)
        #expect(result.items.first?.url?.absoluteString == test.expected)
    }

    @Test func relativeLinksResolveAgainstTheURLAPageCameFromAfterRedirects() throws {
        let page = FetchedPage(
            requestedURL: URL(string: "http://example.org/old/")!, url: URL(string: "https://example.org/new/")!,
            body: Data(#"<p class="item"><a href="entry">Entry</a></p>"#.utf8))
        let source = list(
            ".item",
            [
                FieldRule(name: "title", locator: .css("a")),
                FieldRule(name: "url", locator: .css("a::attr(href)"), type: .url),
            ])
        let result = try PageScraper(source: source).scrape(page)
        #expect(result.items.first?.url?.absoluteString == "https://example.org/new/entry")
    }

    struct FieldCase: Sendable, CustomTestStringConvertible {
        var name: String
        var html: String
        var rule: FieldRule
        var expected: Value?
        var testDescription: String { name }
    }

    static let may5 = Date(timeIntervalSince1970: 1_651_708_800)  // 2022-05-05T00:00:00Z

    @Test(arguments: [
        FieldCase(
            name: "text, white space collapsed", html: "<b>  two\n   words </b>",
            rule: FieldRule(name: "f", locator: .css("b")), expected: .string("two words")),
        FieldCase(
            name: "int with thousands separators", html: "<b>1,234,567</b>",
            rule: FieldRule(name: "f", locator: .css("b"), type: .int), expected: .int(1_234_567)),
        FieldCase(
            name: "number", html: "<b>3.25</b>", rule: FieldRule(name: "f", locator: .css("b"), type: .number),
            expected: .double(3.25)),
        FieldCase(
            name: "bool words", html: "<b>Yes</b>", rule: FieldRule(name: "f", locator: .css("b"), type: .bool),
            expected: .bool(true)),
        FieldCase(
            name: "date with a format after stripping a prefix",
            html: #"<span class="date">Remastered on 05 May 2022</span>"#,
            rule: FieldRule(
                name: "f", locator: .css(".date"), type: .date, format: "dd MMM yyyy",
                strip: ["Published on ", "Remastered on "]),
            expected: .date(may5)),
        FieldCase(
            name: "date in RFC 2822", html: "<i>Thu, 05 May 2022 00:00:00 +0000</i>",
            rule: FieldRule(name: "f", locator: .css("i"), type: .date), expected: .date(may5)),
        FieldCase(
            name: "date in RFC 3339", html: "<i>2022-05-05T02:00:00+02:00</i>",
            rule: FieldRule(name: "f", locator: .css("i"), type: .date), expected: .date(may5)),
        FieldCase(
            name: "attribute", html: #"<time datetime="2022-05-05">5 May</time>"#,
            rule: FieldRule(name: "f", locator: .css("time"), attr: "datetime", type: .date), expected: .date(may5)),
        FieldCase(
            name: "regular expression replacement", html: "<b>Chart 13260 (new)</b>",
            rule: FieldRule(
                name: "f", locator: .css("b"), type: .int,
                replace: [.init(pattern: #"^Chart (\d+).*$"#, template: "$1")]),
            expected: .int(13260)),
        FieldCase(
            name: "XPath locator", html: "<dl><dt>Scale</dt><dd>1:80,000</dd></dl>",
            rule: FieldRule(name: "f", locator: .xpath("./dl/dd[preceding-sibling::dt[1]='Scale']"), strip: ["1:"]),
            expected: .string("80,000")),
        FieldCase(
            name: "every match with many", html: "<a>swift</a><a> </a><a>html</a>",
            rule: FieldRule(name: "f", locator: .css("a::text"), many: true),
            expected: .list([.string("swift"), .string("html")])),
        FieldCase(
            name: "default when nothing matches", html: "<p>no badge</p>",
            rule: FieldRule(name: "f", locator: .css(".badge"), defaultValue: "none"), expected: .string("none")),
        FieldCase(
            name: "absent when nothing matches", html: "<p>no badge</p>",
            rule: FieldRule(name: "f", locator: .css(".badge")), expected: nil),
    ])
    func fieldsAreCleanedAndTyped(_ test: FieldCase) throws {
        let source = list("div.item", [FieldRule(name: "title", defaultValue: "x"), test.rule])
        let result = try scrape(#"<div class="item">\#(test.html)</div>"#, source)
        let item = try #require(result.items.first)
        #expect(item[field: "f"] == test.expected)
    }

    @Test func fieldsNamedURLAndDateAreTypedByTheirNamesUnlessTheConfigurationSaysOtherwise() throws {
        let source = try Fixture.source(
            #"""
            {"id": "a", "kind": "list", "url": "https://example.org/news/", "items": "li",
             "fields": {"title": "a", "url": "a::attr(href)", "date": {"css": "time"}, "path": "a::attr(href)"}}
            """#)
        let html = #"<ul><li><a href="/story">Story</a> <time>2022-05-05</time></li></ul>"#
        let item = try #require(
            try PageScraper(source: source).scrape(Document.parseHTML(html, url: source.url)).items.first)
        #expect(item.url?.absoluteString == "https://example.org/story")
        #expect(item.date == Self.may5)
        #expect(item[field: "path"] == .string("/story"))
    }

    @Test func aValueThatWillNotTypeIsAWarningAndTheFieldIsLeftOut() throws {
        let source = list(
            "tr",
            [FieldRule(name: "title", locator: .css("th")), FieldRule(name: "scale", locator: .css("td"), type: .int)])
        let result = try scrape("<table><tr><th>Boston Harbor</th><td>n/a</td></tr></table>", source)
        #expect(result.warnings == ["field 'scale': 'n/a' is not an int"])
        #expect(result.items.first?[field: "scale"] == nil)
    }

    @Test func itemsLackingARequiredFieldAreLeftOutAndCounted() throws {
        let html = """
            <li><a href="/a">A</a></li>
            <li>No link here</li>
            <li><a href="/c">C</a></li>
            """
        let source = list(
            "li",
            [
                FieldRule(name: "title", locator: nil),
                FieldRule(name: "url", locator: .css("a::attr(href)"), type: .url),
            ],
            required: ["url"])
        let result = try scrape("<ul>\(html)</ul>", source)
        #expect(result.items.map(\.title) == ["A", "C"])
        #expect(result.missingRequired == 1)
    }

    @Test func anItemsIdComesFromTheIdFieldElseItsURLElseItsTitle() throws {
        let html = #"<p data-key="k1"><a href="/one">One</a></p><p data-key="k2">Two</p>"#
        var source = list(
            "p",
            [
                FieldRule(name: "title"), FieldRule(name: "url", locator: .css("a::attr(href)"), type: .url),
                FieldRule(name: "key", attr: "data-key"),
            ])
        #expect(try scrape(html, source).items.map(\.id) == ["https://example.org/one", "Two"])
        source.idField = "key"
        #expect(try scrape(html, source).items.map(\.id) == ["k1", "k2"])
    }

    @Test func theNextPageIsFollowedOnlyWhenMorePagesAreAllowed() throws {
        let html = #"<p class="item">One</p><a class="older" href="?page=2">Older</a>"#
        var source = list(".item", [FieldRule(name: "title")])
        source.next = "a.older"
        #expect(try scrape(html, source).nextPage == nil)
        source.maxPages = 3
        #expect(try scrape(html, source).nextPage?.absoluteString == "https://example.org/news/today.html?page=2")
    }

    // MARK: - Tables

    func table(_ header: [String], _ fields: [FieldRule]) -> SourceConfiguration {
        SourceConfiguration(
            id: "charts", kind: .table, url: URL(string: "https://example.org/charts.html")!, fields: fields,
            idField: "number", header: header)
    }

    static let chartFields = [
        FieldRule(name: "number", column: "Number", type: .int),
        FieldRule(name: "title", column: "Title"),
    ]

    @Test func theTableIsTheOneWhoseHeaderRowHoldsEveryLabel() throws {
        let html = """
            <table><tr><td>Number</td><td>Title</td></tr><tr><td>1</td><td>Wrong table</td></tr></table>
            <table>
              <tr><td>Intro</td></tr>
              <tr><th>NUMBER</th><th>Edition</th><th>TITLE</th></tr>
              <tr><td>13260</td><td>12</td><td>Bay of Fundy</td></tr>
            </table>
            """
        let source = table(["number", "title", "edition"], Self.chartFields)
        let result = try scrape(html, source, url: source.url)
        #expect(result.items.map { $0[field: "number"] } == [.int(13260)])
        #expect(result.items.map(\.title) == ["Bay of Fundy"])
    }

    @Test func columnsAreFoundByHeaderNotPositionAndColspanCounts() throws {
        let html = """
            <table>
              <thead><tr><th colspan="2">Title</th><th></th><th>Number</th></tr></thead>
              <tbody><tr><td>Boston</td><td>Harbor</td><td></td><td>13270</td></tr></tbody>
            </table>
            """
        let result = try scrape(html, table(["number", "title"], Self.chartFields))
        #expect(result.items.map(\.title) == ["Boston"])
        #expect(result.items.first?[field: "number"] == .int(13270))
    }

    @Test func sectionHeadingRowsInsideTheTableAreNeitherItemsNorWarnings() throws {
        let html = """
            <table>
              <tr><td></td><td>NUMBER</td><td></td><td>TITLE</td></tr>
              <tr><td colspan="4"><b>Maine</b></td></tr>
              <tr><td></td><td>13286</td><td></td><td>Cape Elizabeth to Portsmouth</td></tr>
              <tr><td colspan="4">&nbsp;</td></tr>
            </table>
            """
        let result = try scrape(html, table(["number", "title"], Self.chartFields))
        #expect(result.items.map(\.title) == ["Cape Elizabeth to Portsmouth"])
        #expect(result.warnings.isEmpty)
    }

    @Test func aFieldForAColumnThatIsNotThereIsOneWarning() throws {
        let html =
            "<table><tr><th>Number</th><th>Title</th></tr><tr><td>1</td><td>A</td></tr><tr><td>2</td><td>B</td></tr></table>"
        let fields = Self.chartFields + [FieldRule(name: "edition", column: "Edition")]
        let result = try scrape(html, table(["number", "title"], fields))
        #expect(result.items.count == 2)
        #expect(result.warnings == ["field 'edition': no column headed 'Edition'"])
    }

    @Test func aShortRowLacksTheFieldsOfItsMissingCells() throws {
        let html = "<table><tr><th>Number</th><th>Title</th></tr><tr><td>7</td></tr></table>"
        let result = try scrape(html, table(["number", "title"], Self.chartFields))
        let item = try #require(result.items.first)
        #expect(item[field: "number"] == .int(7))
        #expect(item[field: "title"] == nil)
    }

    @Test func aPageWithoutTheTableIsALayoutChangeNamingTheLabels() throws {
        let source = table(["number", "scale", "title"], Self.chartFields)
        #expect {
            try scrape("<table><tr><td>Number</td><td>Title</td></tr></table>", source, url: source.url)
        } throws: { error in
            "\(error)"
                == "layout may have changed: no table on https://example.org/charts.html has a header row with 'number', 'scale', 'title'"
        }
    }

    // MARK: - Status pages

    func status(_ items: String, on: [String] = ["on", "true", "1", "yes"]) -> SourceConfiguration {
        SourceConfiguration(
            id: "garden", kind: .status, url: Self.pageURL, items: items,
            fields: [
                FieldRule(name: "label", locator: .css(".label")), FieldRule(name: "state", locator: .css(".state")),
            ],
            onValues: on)
    }

    @Test func statusPairsCarryTheirStateAndWhetherItMeansOn() throws {
        let result = try PageScraper(source: status("tr.switch")).scrape(Fixture.document("status/switches-table.html"))
        #expect(result.items.map(\.id) == ["Garden pump", "Greenhouse heater", "Vent fan", "Shed light"])
        #expect(
            result.items.map { $0[field: "state"] } == [
                .string("on"), .string("off"), .string("true"), .string("false"),
            ])
        #expect(result.items.map { $0[field: "on"] } == [.bool(true), .bool(false), .bool(true), .bool(false)])
    }

    @Test func theSeedsDivsReadAsPairsWithTheirOwnOnWords() throws {
        var source = status(".button", on: ["TRUE"])
        source.fields = [
            FieldRule(name: "label", locator: .css(".name")), FieldRule(name: "state", locator: .css(".label")),
        ]
        let result = try PageScraper(source: source).scrape(Fixture.document("status/switches-divs.html"))
        #expect(result.items.map(\.title) == ["LED 1", "LED 2"])
        #expect(result.items.map { $0[field: "on"] } == [.bool(true), .bool(false)])
    }

    @Test func aStatusRowWithoutALabelIsSkipped() throws {
        let html =
            #"<p class="s"><b class="label">Pump</b><i class="state">off</i></p><p class="s"><i class="state">on</i></p>"#
        let result = try scrape(html, status("p.s"))
        #expect(result.items.map(\.title) == ["Pump"])
        #expect(result.items.first?[field: "on"] == .bool(false))
    }
}
