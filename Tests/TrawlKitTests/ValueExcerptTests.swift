import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// A warning or an error quotes at most a bounded excerpt of a value, with its length: a
/// 9 MB date field that will not parse must not put 9 MB on stderr, in every run record,
/// on the index page and in every web hook body.
@Suite struct ValueExcerptTests {
    @Test func aShortValueIsQuotedWholeAndALongOneCutWithItsLength() {
        #expect(ValueExcerpt("Tuesday-ish").description == "Tuesday-ish")
        let long = String(repeating: "é", count: 5_000)
        let excerpt = ValueExcerpt(long).description
        #expect(excerpt.hasPrefix(String(repeating: "é", count: ValueExcerpt.kept) + "…"))
        #expect(excerpt.hasSuffix("(10000 bytes in all)"))
        // One grapheme cluster of a million combining marks is cut too.
        let cluster = "e" + String(repeating: "\u{301}", count: 1_000_000)
        #expect(ValueExcerpt(cluster).description.utf8.count < 1_000)
    }

    @Test func anUnparsableHugeDateGivesBoundedWarningsAndRunRecords() async throws {
        let directory = try TemporaryDirectory("trawl-excerpt")
        let huge = String(repeating: "x", count: 3_000_000)
        let page = #"<ul><li><a href="/a">Alpha</a><time>\#(huge)</time></li></ul>"#
        try Data(page.utf8).write(to: directory.file("page.html"))
        let json = """
            {"sources": [{"id": "news", "kind": "list", "url": "page.html", "base": "https://example.org/",
                          "items": "li", "fields": {"title": "a", "url": {"css": "a::attr(href)", "type": "url"},
                          "date": {"css": "time", "type": "date"}}}]}
            """
        let configuration = try ConfigurationLoader.load(Data(json.utf8), file: directory.file("trawl.json"))
        let warnings = NoticeLog()
        let pipeline = Pipeline(configuration: configuration, clock: .fixed(Date(timeIntervalSince1970: 0))) {
            event in
            if case .warning(_, let message) = event { warnings.append(message) }
        }
        let record = try await pipeline.scrape()
        let recorded = record.outcomes.first?.warnings ?? []
        #expect(!warnings.all.isEmpty && !recorded.isEmpty)
        for message in warnings.all + recorded {
            #expect(message.utf8.count < 1_000, "\(message.prefix(300))")
            #expect(message.contains("(3000000 bytes in all)"), "\(message.prefix(300))")
        }
    }

    @Test func aFetchErrorQuotesAHugeAddressInPart() {
        let url = URL(string: "https://example.org/" + String(repeating: "a", count: 1_000_000))!
        #expect(FetchError.timedOut(url).description.utf8.count < 1_000)
    }
}
