import Foundation
import Testing

@testable import TrawlKit

/// A broken scraper is not news: `ScrapeGuard` fails a scrape that looks like a changed
/// layout, so the last good snapshot stays and no flood of "removed" reaches anyone.
@Suite struct GuardTests {
    static let noaa =
        #"{"id": "noaa-atlantic", "preset": "noaa-booklet-charts", "url": "noaa/booklet-charts.html", "base": "https://charts.noaa.gov/BookletChart/"}"#
    static let sundell =
        #"{"id": "sundell", "preset": "article-list", "url": "articles/article-list.html", "base": "https://www.swiftbysundell.com/"}"#

    /// The good page's items as the last good snapshot, and the source pointed at `brokenPath`.
    func lastGoodRun(
        _ json: String, then brokenPath: String, goodPath: String
    ) throws -> (
        SourceConfiguration, Snapshot
    ) {
        let good = try Fixture.source(json)
        let snapshot = Snapshot(
            sourceID: good.id, takenAt: Date(timeIntervalSince1970: 0), items: try Fixture.scrape(good).items)
        var broken = good
        broken.url = Fixture.url(brokenPath)
        #expect(good.url == Fixture.url(goodPath).standardizedFileURL)
        return (broken, snapshot)
    }

    func guardMessage(_ source: SourceConfiguration, _ result: ScrapeResult, previous: Snapshot?) -> String? {
        do {
            try ScrapeGuard(source: source).check(result, previous: previous)
            return nil
        } catch {
            return "\(error)"
        }
    }

    // MARK: - Broken pages

    @Test func aRenamedListClassFindsNothingAndIsALayoutChange() throws {
        let (source, previous) = try lastGoodRun(
            Self.sundell, then: "broken/article-list-class-renamed.html", goodPath: "articles/article-list.html")
        #expect(previous.items.count == 5)
        let result = try Fixture.scrape(source)
        #expect(result.items.isEmpty)
        // The page is named, for the fix: its lists now (`trawl init --from URL --list`).
        let page = source.url.absoluteString
        #expect(
            guardMessage(source, result, previous: previous)
                == "layout may have changed: 0 items matched `.item-list article` on \(page)")
        #expect(
            guardMessage(source, result, previous: nil)
                == "layout may have changed: 0 items matched `.item-list article` on \(page)")
    }

    @Test func aTableCutShortByMoreThanHalfIsALayoutChange() throws {
        let (source, previous) = try lastGoodRun(
            Self.noaa, then: "broken/booklet-charts-half-gone.html", goodPath: "noaa/booklet-charts.html")
        let result = try Fixture.scrape(source)
        #expect(result.items.count == 3)
        // The page is named, so the advice can point at its lists as they are now.
        let page = Fixture.url("broken/booklet-charts-half-gone.html").absoluteString
        #expect(
            guardMessage(source, result, previous: previous)
                == "layout may have changed: 3 items where the last good run had 8 (a table headed number / scale / "
                + "title on \(page))")
    }

    @Test func requiredFieldsMissingInMostRowsIsALayoutChange() throws {
        let (source, previous) = try lastGoodRun(
            Self.noaa, then: "broken/booklet-charts-titles-gone.html", goodPath: "noaa/booklet-charts.html")
        let result = try Fixture.scrape(source)
        #expect(result.items.map(\.id) == ["13260", "13286"])
        #expect(result.missingRequired == 6)
        #expect(
            guardMessage(source, result, previous: previous) == """
                layout may have changed: 6 of 8 items lack a required field ('number', 'title', 'url')
                """)
        // Without a last good run to compare with, the missing fields alone still fail it.
        #expect(guardMessage(source, result, previous: nil) != nil)
    }

    @Test func itemsThatLostTheFieldTheirIdComesFromCountAsLackingIt() throws {
        // Even on a first run, with no last good snapshot to compare with.
        let source = try Fixture.source(Self.sundell)
        var broken = source
        broken.url = Fixture.url("broken/article-list-links-gone.html")
        let result = try Fixture.scrape(broken)
        #expect(result.items.map(\.title) == ["Swift by Sundell turns five years old today!"])
        #expect(result.missingRequired == 4)
        #expect(
            guardMessage(broken, result, previous: nil) == """
                layout may have changed: 4 of 5 items lack a required field ('title', 'url')
                """)
    }

    @Test func theSamePageAgainPasses() throws {
        let (source, previous) = try lastGoodRun(
            Self.noaa, then: "noaa/booklet-charts.html", goodPath: "noaa/booklet-charts.html")
        #expect(guardMessage(source, try Fixture.scrape(source), previous: previous) == nil)
    }

    // MARK: - Thresholds

    static let source = SourceConfiguration(
        id: "list", kind: .list, url: URL(string: "https://example.org/")!, items: "li", required: ["title"])

    static func items(_ count: Int) -> [Item] {
        (0..<count).map { Item(id: "item-\($0)", title: "Item \($0)") }
    }

    struct LossCase: Sendable, CustomTestStringConvertible {
        var previous: Int
        var found: Int
        var maxLoss: Double = 0.5
        var fails: Bool
        var testDescription: String { "\(previous) → \(found) with maxLoss \(maxLoss): \(fails ? "fails" : "passes")" }
    }

    @Test(arguments: [
        LossCase(previous: 8, found: 8, fails: false),
        LossCase(previous: 8, found: 12, fails: false),
        LossCase(previous: 8, found: 4, fails: false),  // exactly half may go
        LossCase(previous: 8, found: 3, fails: true),
        LossCase(previous: 20, found: 9, fails: true),
        LossCase(previous: 20, found: 9, maxLoss: 0.6, fails: false),
        LossCase(previous: 20, found: 15, maxLoss: 0.2, fails: true),
        LossCase(previous: 3, found: 1, fails: false),  // too few to judge a loss
        LossCase(previous: 4, found: 1, fails: true),
    ])
    func losingMoreThanMaxLossOfTheLastGoodItemsFails(_ test: LossCase) {
        var source = Self.source
        source.guardrail.maxLoss = test.maxLoss
        let previous = Snapshot(
            sourceID: source.id, takenAt: Date(timeIntervalSince1970: 0), items: Self.items(test.previous))
        let message = guardMessage(source, ScrapeResult(items: Self.items(test.found)), previous: previous)
        #expect((message != nil) == test.fails, "\(message ?? "passed")")
        if test.fails {
            #expect(
                message
                    == "layout may have changed: \(test.found) \(test.found == 1 ? "item" : "items") where the last good run had \(test.previous) (`li`)"
            )
        }
    }

    @Test(arguments: [
        (found: 5, missing: 5, maxMissing: 0.5, fails: false),
        (found: 4, missing: 6, maxMissing: 0.5, fails: true),
        (found: 9, missing: 1, maxMissing: 0.0, fails: true),
        (found: 2, missing: 8, maxMissing: 0.9, fails: false),
    ])
    func itemsLackingRequiredFieldsBeyondTheShareAllowedFail(found: Int, missing: Int, maxMissing: Double, fails: Bool)
    {
        var source = Self.source
        source.guardrail.maxMissingRequired = maxMissing
        let message = guardMessage(
            source, ScrapeResult(items: Self.items(found), missingRequired: missing), previous: nil)
        #expect((message != nil) == fails, "\(message ?? "passed")")
        if fails {
            #expect(
                message
                    == "layout may have changed: \(missing) of \(found + missing) items lack a required field ('title')"
            )
        }
    }

    @Test func anEmptyScrapePassesOnlyWhenTheSourceAllowsIt() {
        var source = Self.source
        let previous = Snapshot(sourceID: source.id, takenAt: Date(timeIntervalSince1970: 0), items: Self.items(10))
        #expect(guardMessage(source, ScrapeResult(), previous: nil) == "layout may have changed: 0 items matched `li`")
        source.guardrail.allowEmpty = true
        #expect(guardMessage(source, ScrapeResult(), previous: nil) == nil)
        // Allowing an empty page does not allow losing most of a full one.
        #expect(guardMessage(source, ScrapeResult(), previous: previous) != nil)
    }

    @Test func theGuardBlockOfTheConfigurationSetsTheThresholds() throws {
        let source = try Fixture.source(
            #"{"id": "s", "preset": "article-list", "url": "a.html", "guard": {"maxLoss": 0.8, "maxMissingRequired": 0.1, "allowEmpty": true}}"#
        )
        #expect(source.guardrail == Guardrail(maxLoss: 0.8, maxMissingRequired: 0.1, allowEmpty: true))
        #expect(try Fixture.source(#"{"id": "s", "preset": "article-list", "url": "a.html"}"#).guardrail == Guardrail())
    }
}
