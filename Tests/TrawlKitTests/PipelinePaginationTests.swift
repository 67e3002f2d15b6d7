import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// A list spread over pages: followed through `rel="next"` up to `maxPages`, never in circles.
@Suite struct PipelinePaginationTests {
    static func page(_ number: Int, next: Int?) -> String {
        let link = next.map { #"<link rel="next" href="page\#($0).html">"# } ?? ""
        let items = (1...3).map { #"<li><a href="/item/\#(number)-\#($0)">Item \#(number).\#($0)</a></li>"# }
        return "<html><head>\(link)</head><body><ul class=\"news\">\(items.joined())</ul></body></html>"
    }

    func scrape(maxPages: Int, pages: [(Int, Int?)]) async throws -> (RunRecord, Snapshot?) {
        let directory = try TemporaryDirectory("trawl-pages")
        for (number, next) in pages {
            try Data(Self.page(number, next: next).utf8).write(to: directory.file("page\(number).html"))
        }
        let json = """
            {"sources": [{"id": "news", "kind": "list", "url": "page1.html", "base": "https://example.org/",
                          "items": "ul.news li", "maxPages": \(maxPages),
                          "fields": {"title": "a", "url": {"css": "a::attr(href)", "type": "url"}}}]}
            """
        let configuration = try ConfigurationLoader.load(Data(json.utf8), file: directory.file("trawl.json"))
        let pipeline = Pipeline(configuration: configuration, clock: .fixed(Date(timeIntervalSince1970: 0)))
        let record = try await pipeline.scrape()
        return (record, try pipeline.store.lastGoodSnapshot(of: "news"))
    }

    @Test func followsNextLinksUpToMaxPages() async throws {
        let (_, snapshot) = try await scrape(maxPages: 2, pages: [(1, 2), (2, 3), (3, nil)])
        #expect(
            snapshot?.items.map(\.title) == ["Item 1.1", "Item 1.2", "Item 1.3", "Item 2.1", "Item 2.2", "Item 2.3"])
    }

    @Test func aNextLinkBackToAnEarlierPageEndsThePagination() async throws {
        let (record, snapshot) = try await scrape(maxPages: 10, pages: [(1, 2), (2, 3), (3, 1)])
        #expect(record.outcomes.first?.status == .fetched)
        #expect(snapshot?.items.count == 9)
    }
}
