import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// A page with an 11 MB summary is scraped whole, so the items after it are not "removed";
/// a document that could not be parsed whole fails its source as truncated (the last good
/// snapshot kept) instead of reporting what follows the cut as removed.
@Suite struct TruncatedDocumentTests {
    /// 11 MB, not all ASCII: libxml2's XML parser counts a text node's length only as it
    /// arrives in pieces, which non-ASCII text does.
    static let huge = String(repeating: "long summary caf\u{E9} ", count: 600_000)

    static func list(hugeItem: Int?) -> String {
        let items = (1...19).map { number in
            let summary = number == hugeItem ? huge : "Summary \(number)"
            return #"<li><a href="/\#(number)">Item \#(number)</a><p>\#(summary)</p></li>"#
        }
        return "<html><body><ul>\(items.joined())</ul></body></html>"
    }

    static func feed(hugeEntry: Int?) -> String {
        let entries = (1...19).map { number in
            let summary = number == hugeEntry ? huge : "Summary \(number)"
            return "<item><title>Item \(number)</title><link>https://example.org/\(number)</link>"
                + "<description>\(summary)</description></item>"
        }
        return #"<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>"#
            + "<link>https://example.org/</link>\(entries.joined())</channel></rss>"
    }

    /// Runs `source` over the pages in turn, each written to `name` before its run.
    func runs(kind: String, name: String, pages: [String]) async throws -> [RunRecord] {
        let directory = try TemporaryDirectory("trawl-huge")
        let fields =
            kind == "list"
            ? #", "items": "li", "fields": {"title": "a", "url": {"css": "a::attr(href)", "type": "url"}, "summary": "p"}"#
            : ""
        let json = """
            {"sources": [{"id": "news", "kind": "\(kind)", "url": "\(name)", "base": "https://example.org/"\(fields)}]}
            """
        let configuration = try ConfigurationLoader.load(Data(json.utf8), file: directory.file("trawl.json"))
        var records: [RunRecord] = []
        for (night, page) in pages.enumerated() {
            try Data(page.utf8).write(to: directory.file(name))
            let clock = WallClock.fixed(Date(timeIntervalSince1970: Double(night) * 86_400))
            records.append(try await Pipeline(configuration: configuration, clock: clock).scrape())
        }
        return records
    }

    @Test func anElevenMegabyteSummaryRemovesNothing() async throws {
        let records = try await runs(
            kind: "list", name: "page.html", pages: [Self.list(hugeItem: nil), Self.list(hugeItem: 15)])
        #expect(records.map { $0.outcomes.first?.itemCount } == [19, 19])
        #expect(!records[1].changes.contains { $0.kind == .removed }, "\(records[1].changes.map(\.kind))")
    }

    @Test func aFeedCutByTheParserFailsAsTruncatedAndRemovesNothing() async throws {
        let records = try await runs(
            kind: "feed", name: "feed.xml", pages: [Self.feed(hugeEntry: nil), Self.feed(hugeEntry: 15)])
        #expect(records[0].outcomes.first?.itemCount == 19)
        let outcome = try #require(records[1].outcomes.first)
        #expect(outcome.status == .failed)
        #expect(outcome.itemCount == 19)
        #expect(
            outcome.error?.message.contains("the parser stopped part way") == true,
            "\(String(describing: outcome.error))")
        #expect(!records[1].changes.contains { $0.kind == .removed })
    }

    @Test func selectRefusesAFileLargerThanItsCap() async throws {
        let directory = try TemporaryDirectory("trawl-select-cap")
        let page = directory.file("big.html")
        try Data(Self.list(hugeItem: nil).utf8).write(to: page)
        let refused = try await TrawlBinary.run(["select", "li a", page.path, "--max-bytes", "500"])
        #expect(refused.status == 2)
        #expect(refused.errors.contains("larger than 500 bytes (raise --max-bytes to read it)"), "\(refused.errors)")
        let read = try await TrawlBinary.run(["select", "li a", page.path])
        #expect(read.status == 0)
        #expect(read.output.split(separator: "\n").count == 19)
    }
}
