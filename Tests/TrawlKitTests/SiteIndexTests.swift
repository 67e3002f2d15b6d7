import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// The front page leads with what needs attention, then the latest run by source, then
/// earlier runs.
@Suite struct SiteIndexTests {
    /// A third run in which the charts' layout was refused and the articles failed twice.
    func fixtureWithProblems() throws -> SiteFixture {
        let fixture = try SiteFixture().writeTwoRuns()
        let store = fixture.store
        let third = SiteFixture.night.addingTimeInterval(3_600)
        let guarded = RunRecord.Outcome(
            sourceID: "charts", status: .guarded, itemCount: 0, error: "no rows matched 'table tr' (had 2)")
        let failed = RunRecord.Outcome(
            sourceID: "articles", status: .failed, itemCount: 0, error: "https://blog.example/: HTTP 503")
        let fine = RunRecord.Outcome(sourceID: "garden", status: .fetched, itemCount: 1)
        for outcome in [guarded, failed, failed, fine] { try store.record(outcome, at: third) }
        try store.save(
            RunRecord(
                id: RunRecord.id(for: third), started: third, finished: third, outcomes: [guarded, failed, fine],
                changes: []))
        return fixture
    }

    @Test func brokenSourcesComeFirstWithTheirErrorAndWhatToDo() throws {
        let fixture = try fixtureWithProblems()
        _ = try fixture.generate()
        let page = try fixture.text("index.html")
        let health = try #require(page.range(of: "<h2 id=\"health-heading\">Health</h2>"))
        let latest = try #require(page.range(of: "<h2 id=\"latest-heading\">Latest run"))
        #expect(health.lowerBound < latest.lowerBound)
        #expect(page.contains("2 of 4 sources need attention."))
        let articles = try #require(page.range(of: "HTTP 503</p>"))
        let charts = try #require(page.range(of: "no rows matched"))
        // Failed twice comes before failed once.
        #expect(articles.lowerBound < charts.lowerBound && charts.lowerBound < latest.lowerBound)
        // The fix leads: the page's lists now; taking the new shape is the second choice.
        #expect(page.contains("<code>trawl init --from https://charts.example/list --list</code>"), "\(page)")
        #expect(page.contains("trawl run --accept charts"))
    }

    /// A page that gave no items has none to take: `--accept` would refuse it, so the hint
    /// offers only the fix.
    @Test func aPageThatGaveNoItemsIsNotOfferedAccept() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        let third = SiteFixture.night.addingTimeInterval(3_600)
        let guarded = RunRecord.Outcome(
            sourceID: "charts", status: .guarded, itemCount: 0,
            error:
                "layout may have changed: 0 items matched `tr` on https://charts.example/list (last good snapshot kept)"
        )
        try fixture.store.record(guarded, at: third)
        try fixture.store.save(
            RunRecord(id: RunRecord.id(for: third), started: third, finished: third, outcomes: [guarded], changes: []))
        _ = try fixture.generate()
        let page = try fixture.text("sources/charts/index.html")
        #expect(page.contains("gives no items: the last good items are kept. Fix the selectors"), "\(page)")
        #expect(page.contains("<code>trawl init --from https://charts.example/list --list</code>"))
        #expect(!page.contains("--accept"))
    }

    @Test func theLatestRunIsGroupedBySourceWithCountsThenEarlierRuns() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        _ = try fixture.generate()
        let page = try fixture.text("index.html")
        #expect(page.contains("All 4 sources are fine."))
        #expect(
            page.contains(
                "<a href=\"sources/charts/index.html\">Booklet charts</a> <span class=\"heading-meta\">1 added, 1 changed, 1 removed</span></h3>"
            ))
        let latest = try #require(page.range(of: "Latest run"))
        let earlier = try #require(page.range(of: "<h2>Earlier run"))
        let baseline = try #require(page.range(of: "now tracking 2 items"))
        #expect(latest.lowerBound < earlier.lowerBound && earlier.lowerBound < baseline.lowerBound)
    }

    @Test func aRunWithOnlyFailuresSaysSo() throws {
        let fixture = try fixtureWithProblems()
        _ = try fixture.generate()
        let page = try fixture.text("index.html")
        #expect(page.contains("<p class=\"meta run-summary\">3 sources, 2 failed, 0 changes.</p>"))
        #expect(page.contains("Nothing new: only the sources' health changed."))
    }
}
