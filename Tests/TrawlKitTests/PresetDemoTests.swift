import Foundation
import Testing

@testable import TrawlKit

/// The demo's two days of pages, read through its own `trawl.json`, show the changes its
/// README promises, and none that would trip the layout guard.
@Suite struct PresetDemoTests {
    static let file = Fixture.folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/demo/trawl.json")

    /// The demo's page sources for `day`; without `:has()` in the selector engine, all but
    /// the BBC source (whose preset needs it).
    static func sources(day: String) throws -> [SourceConfiguration] {
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        if !Fixture.selectorsHaveHasAndContains, let sources = json["sources"] as? [[String: Any]] {
            json["sources"] = sources.filter { $0["preset"] as? String != "bbc-most-read" }
        }
        let data = try JSONSerialization.data(withJSONObject: json)
        let configuration = try ConfigurationLoader.load(data, file: file, environment: ["DEMO_DAY": day])
        return configuration.sources.filter { $0.kind != .feed }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var id: String
        var counts: (day1: Int, day2: Int)
        var changes: [String]
        var testDescription: String { id }
    }

    static let bbc = "https://www.bbc.co.uk/news/"
    static let sundell = "https://www.swiftbysundell.com/articles/"

    static let cases = [
        Case(
            id: "noaa-atlantic", counts: (20, 21),
            changes: [
                "changed 13325: scale", "changed 13274: title", "added 11544", "added 11545", "removed 12280",
            ]),
        Case(
            id: "sundell", counts: (12, 12),
            changes: [
                "added \(sundell)scraping-the-web-with-swift", "changed \(sundell)type-placeholders-in-swift: title",
                "changed \(sundell)caching-in-swift: date", "removed \(sundell)the-role-of-protocols",
            ]),
        Case(
            id: "garden", counts: (5, 5),
            changes: [
                "changed Greenhouse heater: state, on", "added Porch light", "removed Gate lock",
            ]),
    ]

    @Test(arguments: cases)
    func theSecondDayShowsTheIntendedChanges(_ test: Case) throws {
        try check(test)
    }

    @Test(
        .enabled(if: Fixture.selectorsHaveHasAndContains, "needs :has() and :contains() from the full selector engine"))
    func theSecondDayShowsTheIntendedChangesInMostRead() throws {
        try check(
            Case(
                id: "bbc-most-read", counts: (10, 10),
                changes: [
                    "added \(Self.bbc)world-europe-67330001", "changed \(Self.bbc)world-europe-67310001: title",
                    "added \(Self.bbc)uk-67330005", "removed \(Self.bbc)world-us-canada-67310008",
                    "removed \(Self.bbc)education-67310010",
                ]))
    }

    func check(_ test: Case) throws {
        let day1 = try #require(try Self.sources(day: "day1").first { $0.id == test.id })
        let day2 = try #require(try Self.sources(day: "day2").first { $0.id == test.id })
        let first = try Fixture.scrape(day1)
        let second = try Fixture.scrape(day2)
        #expect((first.items.count, second.items.count) == test.counts)
        #expect(first.warnings.isEmpty && second.warnings.isEmpty, "\(first.warnings + second.warnings)")

        let taken = Date(timeIntervalSince1970: 1_800_000_000)
        let before = Snapshot(sourceID: test.id, takenAt: taken, items: first.items)
        let after = Snapshot(sourceID: test.id, takenAt: taken.addingTimeInterval(86_400), items: second.items)
        try ScrapeGuard(source: day2).check(second, previous: before)
        let changes = ChangeDetector(ignoredFields: Set(day2.ignoreChanges)).changes(
            from: before, to: after, at: after.takenAt)
        #expect(changes.map(Self.summary) == test.changes)
    }

    static func summary(_ change: Change) -> String {
        let fields = change.fieldChanges.map(\.field)
        return "\(change.kind) \(change.itemID)" + (fields.isEmpty ? "" : ": " + fields.joined(separator: ", "))
    }
}
