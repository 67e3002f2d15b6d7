import Foundation
import TestSupport
import Testing
import TrawlKit

/// The nightly job against a real web server on 127.0.0.1: the demo's pages served over
/// HTTP, day 1, then day 2, then a night when nothing changed.
@Suite struct NightlyRunTests {
    /// Lays a day's pages into the served folder, stamped with that day's time so
    /// validators change exactly when the content does.
    static func publish(_ day: URL, into folder: URL, stamped date: Date) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: day.path) {
            let target = folder.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: target.path) {
                try FileManager.default.removeItem(at: target)
            }
            try FileManager.default.copyItem(at: day.appendingPathComponent(name), to: target)
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: target.path)
        }
    }

    struct FeedparserMissing: Error, CustomStringConvertible {
        var description: String { "CI=true but Python's feedparser is missing: pip install feedparser" }
    }

    @Test func dayOneDayTwoThenANightWithNoChanges() async throws {
        let site = try DemoSite()
        let pages = try RecordingFileServer(folder: site.directory.file("served"))
        let base = pages.server.baseURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))

        try Self.publish(
            site.directory.file("day1"), into: pages.folder, stamped: Date(timeIntervalSince1970: 1_800_000_000))
        let first = try await site.run(base)
        #expect(first.status == 0, "\(first.errors)")

        try Self.publish(
            site.directory.file("day2"), into: pages.folder, stamped: Date(timeIntervalSince1970: 1_800_086_400))
        _ = pages.drainRequests()
        let second = try await site.run(base)
        #expect(second.status == 0, "\(second.errors)")
        let dayTwo = try #require(try site.runs().last)
        #expect(dayTwo.changes.count == 23)

        // The feed holds day 2's news after one entry for day 1's baselines.
        let feed = try site.feed()
        #expect(feed.entries.count == DemoSite.expectedEntries(try site.runs()))

        // A subscriber reads the served feed over HTTP with Python's feedparser.
        let served = try RecordingFileServer(folder: site.output)
        let reading = try await Self.feedparser(served.server.baseURL.appendingPathComponent("feed.atom"))
        if let reading {
            #expect(reading == "bozo=0 entries=\(feed.entries.count)")
        }

        // A night when nothing changed: a 304 for every page, and no file rewritten.
        let before = try DemoSite.modificationTimes(under: site.output)
            .merging(DemoSite.modificationTimes(under: site.cache.appendingPathComponent("sources"))) { $1 }
        _ = pages.drainRequests()
        let third = try await site.run(base)
        #expect(third.status == 0, "\(third.errors)")
        let pageStatuses = pages.drainRequests().map(\.status)
        #expect(!pageStatuses.isEmpty)
        #expect(pageStatuses.allSatisfy { $0 == 304 || $0 == 404 }, "\(pageStatuses)")  // 404: robots.txt
        let nightThree = try #require(try site.runs().last)
        #expect(nightThree.outcomes.allSatisfy { $0.status == .notModified })
        #expect(nightThree.changes.isEmpty)
        let after = try DemoSite.modificationTimes(under: site.output)
            .merging(DemoSite.modificationTimes(under: site.cache.appendingPathComponent("sources"))) { $1 }
        #expect(after == before)
    }

    /// `bozo=0 entries=N` as feedparser sees the feed at `url`; nil (skipped) without feedparser outside CI.
    static func feedparser(_ url: URL) async throws -> String? {
        let script = """
            import sys, feedparser
            d = feedparser.parse(sys.argv[1])
            print("bozo=%d entries=%d" % (1 if d.bozo else 0, len(d.entries)))
            """
        guard let python = try ExternalTool.find("python3", package: "python3") else { return nil }
        let probe = try await python.run(["-c", "import feedparser"])
        guard probe.status == 0 else {
            if SharedTestData.isCI { throw FeedparserMissing() }
            FileHandle.standardError.write(Data("note: feedparser is not installed; skipping its check\n".utf8))
            return nil
        }
        let result = try await python.run(["-c", script, url.absoluteString])
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
