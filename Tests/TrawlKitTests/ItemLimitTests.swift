import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// `maxItems`: one source keeps at most so many items a run, the first in page order; the
/// rest are dropped with a notice that names the source and the count.
@Suite struct ItemLimitTests {
    static let url = URL(string: "https://example.org/list.html")!

    static func list(_ count: Int, from first: Int = 1, next: String? = nil) -> String {
        let link = next.map { #"<link rel="next" href="\#($0)">"# } ?? ""
        let items = (first..<first + count).map { #"<li><a href="/item/\#($0)">Item \#($0)</a></li>"# }
        return "<html><head>\(link)</head><body><ul>\(items.joined())</ul></body></html>"
    }

    static func feed(_ count: Int) -> String {
        let items = (1...count).map { "<item><guid>e\($0)</guid><title>Entry \($0)</title></item>" }
        return "<rss version=\"2.0\"><channel><title>F</title>\(items.joined())</channel></rss>"
    }

    func scrape(_ body: String, kind: SourceConfiguration.Kind, maxItems: Int) throws -> ScrapeResult {
        var source = SourceConfiguration(
            id: "news", kind: kind, url: Self.url, items: kind == .list ? "li" : nil,
            fields: kind == .list ? [FieldRule(name: "title", locator: .css("a"))] : [])
        source.maxItems = maxItems
        return try PageScraper(source: source).scrape(
            FetchedPage(requestedURL: Self.url, url: Self.url, body: Data(body.utf8)))
    }

    // MARK: - Configuration

    @Test func maxItemsIsReadAndDefaultsToTenThousand() throws {
        let plain = try ConfigurationLoader.load(
            Data(ConfigurationTests.listSource().utf8), file: ConfigurationTests.file)
        #expect(plain.sources.first?.maxItems == 10_000)
        let set = try ConfigurationLoader.load(
            Data(ConfigurationTests.listSource(#", "maxItems": 250"#).utf8), file: ConfigurationTests.file)
        #expect(set.sources.first?.maxItems == 250)
    }

    @Test(arguments: ["0", "-3"])
    func aMaxItemsBelowOneIsAProblemNamingTheKey(_ value: String) {
        let problems = ConfigurationTests().problems(ConfigurationTests.listSource(#", "maxItems": \#(value)"#))
        #expect(
            problems.contains { $0.contains("sources[0].maxItems") && $0.contains("must be 1 or more") }, "\(problems)")
    }

    // MARK: - Scrapers

    @Test func aListKeepsTheFirstItemsAndCountsTheRest() throws {
        let result = try scrape(Self.list(25), kind: .list, maxItems: 10)
        #expect(result.items.map(\.title) == (1...10).map { "Item \($0)" })
        #expect(result.droppedOverLimit == 15)
    }

    @Test func aListUnderTheLimitDropsNothing() throws {
        let result = try scrape(Self.list(10), kind: .list, maxItems: 10)
        #expect(result.items.count == 10)
        #expect(result.droppedOverLimit == 0)
        #expect(result.limitNotice(maxItems: 10) == nil)
    }

    @Test func aFeedKeepsTheFirstEntriesAndCountsTheRest() throws {
        let result = try scrape(Self.feed(12), kind: .feed, maxItems: 5)
        #expect(result.items.map(\.id) == ["e1", "e2", "e3", "e4", "e5"])
        #expect(result.droppedOverLimit == 7)
    }

    // MARK: - Runs

    func run(
        maxItems: Int, pages: [String: String], extra: String = "", in directory: TemporaryDirectory
    )
        async throws -> (RunRecord, Snapshot?, [String])
    {
        for (name, body) in pages { try Data(body.utf8).write(to: directory.file(name)) }
        let json = """
            {"sources": [{"id": "big", "kind": "list", "url": "page1.html", "base": "https://example.org/",
                          "items": "li", "maxItems": \(maxItems)\(extra),
                          "fields": {"title": "a", "url": {"css": "a::attr(href)", "type": "url"}}}]}
            """
        let configuration = try ConfigurationLoader.load(Data(json.utf8), file: directory.file("trawl.json"))
        let notices = NoticeLog()
        let pipeline = Pipeline(configuration: configuration, clock: .fixed(Date(timeIntervalSince1970: 0))) {
            event in
            if case .notice(let source, let message) = event { notices.append("[\(source)] \(message)") }
        }
        let record = try await pipeline.scrape()
        return (record, try pipeline.store.lastGoodSnapshot(of: "big"), notices.all)
    }

    @Test func aRunKeepsMaxItemsAndSaysHowManyWereDropped() async throws {
        let directory = try TemporaryDirectory("trawl-limit")
        let (record, snapshot, notices) = try await run(
            maxItems: 10, pages: ["page1.html": Self.list(30)], in: directory)
        #expect(record.outcomes.first?.status == .fetched)
        #expect(record.outcomes.first?.itemCount == 10)
        #expect(snapshot?.items.count == 10)
        #expect(
            notices == [
                "[big] kept the first 10 items and dropped 20 more: the source's maxItems is 10 (raise it to keep more)"
            ])
    }

    @Test func aFullListFetchesNoMorePages() async throws {
        let directory = try TemporaryDirectory("trawl-limit")
        // Page 3 does not exist: fetching it would fail the source.
        let pages = [
            "page1.html": Self.list(3, from: 1, next: "page2.html"),
            "page2.html": Self.list(3, from: 4, next: "page3.html"),
        ]
        let (record, snapshot, notices) = try await run(
            maxItems: 4, pages: pages, extra: #", "maxPages": 5"#, in: directory)
        #expect(record.outcomes.first?.status == .fetched, "\(record.outcomes)")
        #expect(snapshot?.items.map(\.title) == ["Item 1", "Item 2", "Item 3", "Item 4"])
        #expect(notices.count == 1)
        #expect(notices.first?.contains("dropped 2 more") == true, "\(notices)")
    }

    @Test func loweringMaxItemsIsNotALossTheGuardStops() async throws {
        let directory = try TemporaryDirectory("trawl-limit")
        let (first, _, _) = try await run(maxItems: 100, pages: ["page1.html": Self.list(40)], in: directory)
        #expect(first.outcomes.first?.itemCount == 40)
        let (second, snapshot, _) = try await run(maxItems: 10, pages: [:], in: directory)
        #expect(second.outcomes.first?.status == .fetched, "\(second.outcomes)")
        #expect(snapshot?.items.count == 10)
    }
}
