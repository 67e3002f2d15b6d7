import Foundation
import Testing

@testable import TrawlKit

/// Every built-in preset on pages shaped like the real ones, traps included.
@Suite struct PresetTests {
    static func day(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: "\(text)T00:00:00Z")!
    }

    // MARK: - NOAA booklet charts (a table)

    struct Chart: Hashable, Sendable, CustomStringConvertible {
        var number: Int
        var scale: Int
        var title: String
        var pdf: String

        init(_ number: Int, _ scale: Int, _ title: String, _ pdf: String) {
            (self.number, self.scale, self.title, self.pdf) = (number, scale, title, pdf)
        }

        init?(_ item: Item) {
            guard case .int(let number) = item[field: "number"], case .int(let scale) = item[field: "scale"],
                case .string(let title) = item[field: "title"], case .url(let pdf) = item[field: "url"]
            else { return nil }
            self.init(number, scale, title, pdf.absoluteString)
        }

        var description: String { "\(number) 1:\(scale) \(title) <\(pdf)>" }
    }

    static func noaa(_ path: String) -> String {
        #"{"id": "noaa-atlantic", "preset": "noaa-booklet-charts", "url": "\#(path)", "base": "https://charts.noaa.gov/BookletChart/"}"#
    }

    static let pdfs = "https://charts.noaa.gov/BookletChart/PDFs/"

    @Test func bookletChartsAreReadWithTypedNumbersScalesTitlesAndAbsolutePDFLinks() throws {
        let result = try Fixture.scrape(Fixture.source(Self.noaa("noaa/booklet-charts.html")))
        #expect(
            result.items.map(Chart.init) == [
                Chart(13260, 378_838, "Bay of Fundy to Cape Cod", Self.pdfs + "13260.pdf"),
                Chart(13286, 80_000, "Cape Elizabeth to Portsmouth", Self.pdfs + "13286.pdf"),
                Chart(13270, 25_000, "Boston Harbor", "http://www.charts.noaa.gov/BookletChart/PDFs/13270.pdf"),
                Chart(13246, 80_000, "Cape Cod Bay", Self.pdfs + "13246.pdf"),
                Chart(13230, 40_000, "Buzzards Bay; Quicks Hole", Self.pdfs + "13230.pdf"),
                Chart(12354, 80_000, "Long Island Sound Eastern Part", Self.pdfs + "12354.pdf"),
                Chart(12327, 40_000, "New York Harbor", Self.pdfs + "12327.pdf"),
                Chart(12318, 80_000, "Little Egg Inlet to Hereford Inlet; Absecon Inlet", Self.pdfs + "12318.pdf"),
            ])
        #expect(result.warnings.isEmpty)
        #expect(result.missingRequired == 0)
    }

    @Test func aChartIsKnownByItsNumberAndItsPDFIsWhatDownloadMirrors() throws {
        let source = try Fixture.source(Self.noaa("noaa/booklet-charts.html"))
        #expect(source.kind == .table)
        #expect(source.idField == "number")
        #expect(source.download == "url")
        let first = try #require(try Fixture.scrape(source).items.first)
        #expect(first.id == "13260")
        #expect(first.title == "Bay of Fundy to Cape Cod")
        #expect(first.url?.absoluteString == Self.pdfs + "13260.pdf")
    }

    @Test(arguments: [
        (
            "noaa/header-in-thead.html",
            [
                Chart(11340, 458_596, "Mississippi River to Galveston", PresetTests.pdfs + "11340.pdf"),
                Chart(
                    11324, 80_000, "Galveston Bay Entrance; Galveston and Texas City Harbors",
                    PresetTests.pdfs + "11324.pdf"),
                Chart(11451, 80_000, "Miami to Marathon and Florida Bay", PresetTests.pdfs + "11451.pdf"),
            ]
        ),
        (
            "noaa/column-moved.html",
            [
                Chart(18773, 12_000, "San Diego Bay", PresetTests.pdfs + "18773.pdf"),
                Chart(18685, 50_000, "Monterey Bay", PresetTests.pdfs + "18685.pdf"),
            ]
        ),
    ])
    func bookletChartsSurviveARedesignOfTheTable(path: String, charts: [Chart]) throws {
        let result = try Fixture.scrape(Fixture.source(Self.noaa(path)))
        #expect(result.items.map(Chart.init) == charts)
    }

    @Test func aWindows1252IndexKeepsItsPunctuation() throws {
        let result = try Fixture.scrape(Fixture.source(Self.noaa("noaa/windows-1252.html")))
        #expect(result.items.map { $0[field: "number"] } == [.int(11518), .int(11503)])
        #expect(
            result.items.map(\.title) == [
                "St. Mary\u{2019}s River \u{2013} Entrance",
                "St. Johns River \u{2013} Atlantic Ocean to Jacksonville",
            ])
    }

    @Test func aPageWithoutTheChartsTableIsALayoutChange() throws {
        let source = try Fixture.source(Self.noaa("noaa/no-charts-table.html"))
        #expect {
            try Fixture.scrape(source)
        } throws: { error in
            "\(error)"
                == "layout may have changed: no table on \(source.url.absoluteString) has a header row with 'number', 'scale', 'title'"
        }
    }

    @Test func aSourcesOwnFieldReplacesThePresetsFieldOfThatName() throws {
        let json = #"""
            {"id": "noaa", "preset": "noaa-booklet-charts", "url": "noaa/booklet-charts.html",
             "fields": {"title": {"column": "title", "replace": {";.*$": ""}}}}
            """#
        let result = try Fixture.scrape(Fixture.source(json))
        let buzzards = try #require(result.items.first { $0.id == "13230" })
        #expect(buzzards.title == "Buzzards Bay")
        #expect(buzzards[field: "scale"] == .int(40_000))
    }

    // MARK: - Article list (Swift by Sundell)

    static let sundell =
        #"{"id": "sundell", "preset": "article-list", "url": "articles/article-list.html", "base": "https://www.swiftbysundell.com/"}"#

    @Test func articlesAreReadWithTitlesAbsoluteLinksTagsAndWholeSummaries() throws {
        let result = try Fixture.scrape(Fixture.source(Self.sundell))
        #expect(
            result.items.map(\.title) == [
                "Swift by Sundell turns five years old today!", "Type placeholders in Swift",
                "The some and any keywords",
                "What is a property wrapper?", "String parsing in Swift",
            ])
        #expect(
            result.items.map(\.url?.absoluteString) == [
                "https://www.swiftbysundell.com/special/five-years",
                "https://www.swiftbysundell.com/articles/type-placeholders-in-swift",
                "https://www.swiftbysundell.com/articles/the-some-and-any-keywords",
                "https://www.swiftbysundell.com/questions/what-is-a-property-wrapper",
                "https://www.swiftbysundell.com/articles/string-parsing-in-swift",
            ])
        #expect(result.items.map(\.id) == result.items.map(\.url?.absoluteString))
        #expect(
            result.items.map { $0[field: "tags"] } == [
                nil, .list([.string("language features"), .string("generics")]),
                .list([.string("generics"), .string("protocols"), .string("language features")]),
                .list([.string("property wrappers")]), nil,
            ])
        #expect(
            result.items[1].summary == """
                New in Swift 5.6: we can now use type placeholders to select what generic types that we want \
                the compiler to infer, by writing _ in their place.
                """)
        #expect(result.warnings.isEmpty)
    }

    @Test(arguments: [
        ("Published on", "https://www.swiftbysundell.com/special/five-years", "2022-05-05"),
        ("Published on", "https://www.swiftbysundell.com/articles/string-parsing-in-swift", "2022-01-03"),
        ("Remastered on", "https://www.swiftbysundell.com/articles/the-some-and-any-keywords", "2022-03-11"),
        ("Answered on", "https://www.swiftbysundell.com/questions/what-is-a-property-wrapper", "2022-02-09"),
    ])
    func everyDatePrefixGivesTheDate(prefix: String, url: String, date: String) throws {
        let result = try Fixture.scrape(Fixture.source(Self.sundell))
        let article = try #require(result.items.first { $0.url?.absoluteString == url })
        #expect(article.date == Self.day(date))
        #expect(article[field: "date"] == .date(Self.day(date)))
    }

    @Test func withoutABaseLinksResolveAgainstThePagesOwnURL() throws {
        let source = try Fixture.source(
            #"{"id": "sundell", "preset": "article-list", "url": "articles/article-list.html"}"#)
        let page = try Fixture.page(
            "articles/article-list.html", from: URL(string: "https://mirror.example.org/sundell/articles")!)
        let result = try PageScraper(source: source).scrape(page)
        #expect(result.items.first?.url?.absoluteString == "https://mirror.example.org/special/five-years")
    }

    // MARK: - BBC most read (a list found by its heading)

    static func bbc(_ path: String, items: String? = nil) -> String {
        let override = items.map { #", "items": "\#($0)""# } ?? ""
        return
            #"{"id": "bbc", "preset": "bbc-most-read", "url": "\#(path)", "base": "https://www.bbc.co.uk/news/"\#(override)}"#
    }

    @Test(
        .enabled(if: Fixture.selectorsHaveHasAndContains, "needs :has() and :contains() from the full selector engine"),
        arguments: ["bbc/most-popular.html", "bbc/most-popular-reordered.html"])
    func mostReadIsThePanelHeadedMostReadWhereverItStands(path: String) throws {
        let result = try Fixture.scrape(Fixture.source(Self.bbc(path)))
        #expect(
            result.items.map(\.title) == [
                "Storm closes ports along the Channel", "Budget: What it means for you", "Rates held for a third month",
                "Lifeboat rescues kayaker off Devon",
            ])
        #expect(result.items.map { $0[field: "rank"] } == [.int(1), .int(2), .int(3), .int(4)])
        #expect(
            result.items.map(\.id) == [
                "https://www.bbc.co.uk/news/world-europe-24311001", "https://www.bbc.co.uk/news/uk-politics-24311002",
                "https://www.bbc.co.uk/news/business-24311003", "https://www.bbc.co.uk/news/uk-england-devon-24311004",
            ])
    }

    @Test func headlinesAreKnownByURLTheirTitleLeavesOutTheRankAndRankChangesAreNoNews() throws {
        // Every panel, so this runs on any selector engine; the panel choice is tested above.
        let source = try Fixture.source(Self.bbc("bbc/most-popular.html", items: ".panel ol > li"))
        #expect(source.idField == "url")
        #expect(source.ignoreChanges == ["rank"])
        #expect(source.required == ["title", "url"])
        let result = try Fixture.scrape(source)
        #expect(result.items.count == 7)
        let budget = try #require(result.items.first { $0.title.hasPrefix("Budget") })
        #expect(budget.title == "Budget: What it means for you")
        #expect(budget[field: "rank"] == .int(2))
        #expect(budget.url?.absoluteString == "https://www.bbc.co.uk/news/uk-politics-24311002")
    }

    // MARK: - Podcast (a feed)

    static let podcast = #"{"id": "podcast", "preset": "podcast", "url": "feeds/podcast.xml"}"#

    @Test func thePodcastPresetIsAFeedWhoseEntriesNeedATitle() throws {
        let source = try Fixture.source(Self.podcast)
        #expect(source.kind == .feed)
        #expect(source.required == ["title"])
        #expect(source.url == Fixture.url("feeds/podcast.xml").standardizedFileURL)
    }

    @Test(.enabled(if: Fixture.feedsAreRead, "feed sources are read once TrawlFeeds lands"))
    func podcastEpisodesAreReadWithTitlesAndDates() throws {
        let result = try Fixture.scrape(Fixture.source(Self.podcast))
        #expect(result.items.map(\.title) == ["Scraping without an API", "Feeds are forever", "Dates are hard"])
        #expect(
            result.items.map(\.date) == [
                ISO8601DateFormatter().date(from: "2026-12-01T06:00:00Z"),
                ISO8601DateFormatter().date(from: "2026-11-24T06:00:00Z"),
                ISO8601DateFormatter().date(from: "2026-11-17T06:00:00Z"),
            ])
    }
}
