import Foundation
import TestSupport
import Testing
import TrawlDates
import TrawlFeeds

@testable import TrawlKit

/// The built `trawl` binary on the demo, as `make run` does it: day 1, then day 2.
@Suite struct DemoRunTests {
    @Test func theDemoMakesASiteWithItsItemsLinksAndChanges() async throws {
        let site = try DemoSite()
        let first = try await site.run("day1")
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.errors.contains("[sundell] now tracking 12 items"))

        let articles = try #require(try site.snapshot("sundell"))
        #expect(articles.items.count == 12)
        #expect(articles.items.allSatisfy { $0.url?.host == "www.swiftbysundell.com" })
        let charts = try #require(try site.snapshot("noaa-atlantic"))
        #expect(charts.items.count == 20)
        #expect(charts.items.allSatisfy { if case .int = $0[field: "scale"] { true } else { false } })

        let second = try await site.run("day2")
        #expect(second.status == 0, "\(second.errors)")
        let runs = try site.runs()
        #expect(runs.count == 2)
        let dayTwo = try #require(runs.last)
        #expect(dayTwo.changes.count == 23)
        #expect(dayTwo.outcomes.allSatisfy { $0.status == .fetched })

        // The pages list every item with its link, escaped.
        let page = try site.text("sources/sundell/index.html")
        let latest = try #require(try site.snapshot("sundell"))
        for item in latest.items {
            #expect(page.contains(Self.escaped(item.title)), "missing \(item.title)")
            #expect(page.contains(Self.escaped(item.url?.absoluteString ?? "")))
        }
        #expect(try site.text("index.html").contains("Trawl demo"))

        // The unified feed: one entry for the first night, then articles as themselves and
        // charts and switches as sentences, newest first.
        let feed = try site.feed()
        #expect(feed.entries.count == DemoSite.expectedEntries(runs))
        let dates = feed.entries.compactMap(\.updated)
        #expect(dates == dates.sorted(by: >))
        for change in dayTwo.changes where change.kind != .removed || DemoSite.changeSources.contains(change.sourceID) {
            let title = try #require(change.item?.title)
            #expect(feed.entries.contains { $0.title?.contains(title) == true }, "no entry for \(title)")
        }
    }

    @Test func aConfigurationMistakeExitsTwoBeforeFetchingAnything() async throws {
        let site = try DemoSite()
        var text = try String(contentsOf: site.config, encoding: .utf8)
        text = text.replacingOccurrences(of: #""preset": "article-list""#, with: #""preset": "article-lists""#)
        try Data(text.utf8).write(to: site.config)
        let result = try await site.run("day1")
        #expect(result.status == 2)
        #expect(result.errors.contains("unknown preset 'article-lists' (did you mean 'article-list'?)"))
        #expect(!FileManager.default.fileExists(atPath: site.cache.path))
    }

    @Test func quietInCronUnlessSomethingFails() async throws {
        let site = try DemoSite()
        let calm = try await site.run("day1", ["--quiet"])
        #expect(calm.status == 0)
        #expect(calm.output.isEmpty)
        #expect(calm.errors.isEmpty)

        // One source's page disappears: the run goes on, says so, and exits 1.
        try FileManager.default.removeItem(at: site.directory.file("day2/articles.html"))
        let failing = try await site.run("day2", ["--quiet"])
        #expect(failing.status == 1)
        #expect(failing.errors.hasPrefix("error: [sundell] "))
        #expect(failing.errors.contains("articles.html: cannot read file"))
        #expect(failing.errors.contains("(last good snapshot kept)"))
        #expect(try site.snapshot("sundell")?.items.count == 12)
        #expect(try site.runs().last?.outcomes.filter { $0.status == .fetched }.count == 6)
    }

    @Test func aSecondRunWhileOneHoldsTheLockExitsThree() async throws {
        let site = try DemoSite()
        let lock = try CacheStore(root: site.cache).lock()
        defer { lock.unlock() }
        let second = try await site.run("day1")
        #expect(second.status == 3)
        #expect(second.errors.contains("trawl.lock"))
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    @Test func everyOutputCountsTheSameChanges() async throws {
        let site = try DemoSite()
        #expect(try await site.run("day1").status == 0)
        let second = try await site.run("day2")
        let run = try #require(try site.runs().last)
        let count = run.newsCount
        #expect(count == 23)
        // The run's closing line, the index, the digest and `trawl diff` say the same number.
        #expect(second.errors.contains("\(count) changes"))
        #expect(try site.text("index.html").contains("\(count) changes"))
        let day = String(DateCodec.rfc3339(run.started).prefix(10))
        #expect(try site.text("digests/\(day).md").contains("\(count) changes."))
        let diff = try await TrawlBinary.run(["diff", "--cache", site.cache.path, "--exit-code"])
        #expect(diff.output.contains(": \(count) changes in "))
        #expect(diff.status == 1, "the run changed something")
        // The first night tracked; it changed nothing.
        let first = try #require(try site.runs().first)
        let baseline = try await TrawlBinary.run(["diff", "--cache", site.cache.path, "--run", first.id, "--exit-code"])
        #expect(baseline.status == 0)
        #expect(baseline.output.contains(": 0 changes in "))
    }
}
