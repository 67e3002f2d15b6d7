import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// A page watch whose address holds a variable that moves every night (`?day=${DAY}`) is
/// told of its words, as urlwatch's and changedetection.io's users expect, never of its
/// address; the snapshot still keeps where the page now is, so a change links there.
@Suite struct PageWatchAddressTests {
    struct Nights {
        let directory: TemporaryDirectory
        let server: FixtureServer
        /// 04:00 UTC, 30 November 2026.
        let first = Date(timeIntervalSince1970: 1_796_011_200)

        init() throws {
            directory = try TemporaryDirectory("trawl-page-address")
            server = try FixtureServer()
        }

        /// Night `day` of a watch on `/report?day=${DAY}`, the page reading `text`; `extra`
        /// adds to the source.
        func run(day: Int, text: String, extra: String = "") async throws -> RunRecord {
            server.route("/report", .ok("<html><head><title>Report</title></head><body><p>\(text)</p></body></html>"))
            let json = """
                {"fetch": {"delay": 0},
                 "sources": [{"id": "report", "kind": "page", "url": "\(server.url("/report"))?day=${DAY}"\(extra)}]}
                """
            let configuration = try ConfigurationLoader.load(
                Data(json.utf8), file: directory.file("trawl.json"), environment: ["DAY": "2026-12-0\(day)"])
            let clock = WallClock.fixed(first.addingTimeInterval(Double(day) * 86_400))
            return try await Pipeline(configuration: configuration, clock: clock).scrape()
        }

        func keptURL() throws -> String? {
            try CacheStore(root: directory.file("Cache")).lastGoodSnapshot(of: "report")?.items.first?.url?
                .absoluteString
        }
    }

    @Test func aNewAddressEveryNightIsNoNewsButIsKept() async throws {
        let nights = try Nights()
        _ = try await nights.run(day: 1, text: "Sales 10")
        let second = try await nights.run(day: 2, text: "Sales 10")
        #expect(second.changes.isEmpty, "\(second.changes.map(\.fieldChanges))")
        #expect(try nights.keptURL()?.hasSuffix("?day=2026-12-02") == true)
        #expect(nights.server.requests(to: "/report").last?.target.hasSuffix("day=2026-12-02") == true)
    }

    @Test func aChangedTextIsToldAsTextAndLinksToTonightsAddress() async throws {
        let nights = try Nights()
        _ = try await nights.run(day: 1, text: "Sales 10")
        let second = try await nights.run(day: 2, text: "Sales 12")
        let change = try #require(second.changes.first)
        #expect(second.changes.count == 1)
        #expect(change.fieldChanges.map(\.field) == ["text"])
        #expect(change.after?.url?.absoluteString.hasSuffix("?day=2026-12-02") == true)
    }

    /// A `url` field the watch reads off the page is the watch's own words: its change is news.
    @Test func aURLFieldReadOffThePageIsStillCompared() async throws {
        let nights = try Nights()
        let link = #", "items": "body", "fields": {"url": "p::text"}"#
        _ = try await nights.run(day: 1, text: "https://example.org/a", extra: link)
        let second = try await nights.run(day: 2, text: "https://example.org/b", extra: link)
        #expect(second.changes.first?.fieldChanges.map(\.field).contains("url") == true)
    }
}
