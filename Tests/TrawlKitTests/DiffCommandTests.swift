import Foundation
import TestSupport
import Testing

@testable import TrawlKit

@Suite struct DiffCommandTests {
    let directory: TemporaryDirectory
    let store: CacheStore
    let night = SnapshotFixtures.night

    /// Two runs: the first a baseline of charts; the second with one of each kind of change.
    init() throws {
        directory = try TemporaryDirectory("diff")
        store = CacheStore(root: directory.url)
        let detector = ChangeDetector()
        let first = detector.detect(
            from: nil, to: SnapshotFixtures.snapshot([1, 2, 3].map { SnapshotFixtures.chart($0) }), at: night)
        try store.save(
            RunRecord(
                id: "20261130T040000Z", started: night, finished: night,
                outcomes: [.init(sourceID: "charts", status: .fetched, itemCount: 3)], changes: first.changes))
        let later = night.addingTimeInterval(86_400)
        let second = detector.detect(
            from: first.snapshot,
            to: SnapshotFixtures.snapshot(
                [SnapshotFixtures.chart(1, scale: 40_000), SnapshotFixtures.chart(3), SnapshotFixtures.chart(4)],
                at: later),
            at: later)
        try store.save(
            RunRecord(
                id: "20261201T040000Z", started: later, finished: later,
                outcomes: [
                    .init(sourceID: "charts", status: .fetched, itemCount: 3),
                    .init(sourceID: "news", status: .failed, itemCount: 0, error: "HTTP 503"),
                ],
                changes: second.changes))
    }

    private func run(_ arguments: [String]) async -> (TrawlKit.ExitStatus, CapturingConsole) {
        let capture = CapturingConsole()
        let status = await CommandLineTool.main(arguments + ["--cache", store.root.path], console: capture.console)
        return (status, capture)
    }

    @Test func latestRunIsShownGroupedBySource() async {
        let (status, capture) = await run(["diff"])
        #expect(status == .success)
        #expect(
            capture.output == """
                run 20261201T040000Z (started 2026-12-01T04:00:00Z): 3 changes in 1 of 2 sources

                charts: fetched, 3 items
                  ~ Chart 1 rescaled: 1:80,000 → 1:40,000  [https://charts.example/1.pdf]
                  + Chart 4 added  [https://charts.example/4.pdf]
                  - Chart 2 removed  [https://charts.example/2.pdf]

                news: failed: HTTP 503

                """)
    }

    @Test func oneItemIsSaidInTheSingular() async throws {
        let later = night.addingTimeInterval(2 * 86_400)
        try store.save(
            RunRecord(
                id: "20261202T040000Z", started: later, finished: later,
                outcomes: [.init(sourceID: "charts", status: .fetched, itemCount: 1)], changes: []))
        let (_, capture) = await run(["diff"])
        #expect(capture.output.contains("charts: fetched, 1 item, no changes\n"), "\(capture.output)")
    }

    @Test func anEarlierRunIsChosenByID() async {
        let (status, capture) = await run(["diff", "--run", "20261130T040000Z"])
        #expect(status == .success)
        #expect(capture.output.hasSuffix("charts: baseline, now tracking 3 items\n"))
    }

    @Test func jsonGroupsChangesUnderEachSource() async throws {
        let (status, capture) = await run(["diff", "--json"])
        #expect(status == .success)
        let object = try JSONSerialization.jsonObject(with: Data(capture.output.utf8)) as? [String: Any] ?? [:]
        #expect(object["run"] as? String == "20261201T040000Z")
        let sources = object["sources"] as? [[String: Any]] ?? []
        try #require(sources.count == 2)
        #expect(sources.map { $0["id"] as? String } == ["charts", "news"])
        #expect(sources.map { ($0["changes"] as? [Any])?.count } == [3, 0])
        #expect(sources[1]["error"] as? String == "HTTP 503")
        #expect(sources[1]["errorKind"] as? String == "other")
        #expect(sources[0]["error"] is NSNull)
        #expect(sources[0]["errorKind"] is NSNull)
        // Raw values stay machine-readable; the words ride beside them.
        let changed = try #require((sources[0]["changes"] as? [[String: Any]])?.first)
        #expect(changed["text"] as? String == "Chart 1 rescaled: 1:80,000 → 1:40,000")
        let field = try #require((changed["fieldChanges"] as? [[String: Any]])?.first)
        #expect("\(field)".contains("40000"))
        #expect(!"\(field)".contains("1:40,000"))
    }

    @Test func fieldsTheSentenceDoesNotSayAreListedInWordsWithTextAsAWordDiff() {
        let before = Item(
            id: "a", title: "Caching in Swift", url: nil,
            fields: [
                Item.Field("note", .string("Keep results in memory.")), Item.Field("scale", .int(80_000)),
            ])
        var after = before
        after.fields = [Item.Field("note", .string("Keep results on disk.")), Item.Field("scale", .int(100_000))]
        let detection = ChangeDetector().detect(
            from: SnapshotFixtures.snapshot([before], source: "blog"),
            to: SnapshotFixtures.snapshot([after], source: "blog", at: night.addingTimeInterval(60)), at: night)
        let record = RunRecord(
            id: "20261201T040000Z", started: night, finished: night,
            outcomes: [.init(sourceID: "blog", status: .fetched, itemCount: 1)], changes: detection.changes)
        let text = RunDiff(record).text
        // Both short: the sentence says them; the lines below say them again, the text as words.
        #expect(
            text.contains(
                "  ~ Caching in Swift: note Keep results in memory. → Keep results on disk.; scale 1:80,000 → 1:100,000  [a]\n"
            ))
        #expect(text.contains("      note: Keep results [-in memory.-] {+on disk.+}\n"))
        #expect(!text.contains("      scale:"))
    }

    @Test func unknownRunSuggestsTheNearestID() async {
        let (status, capture) = await run(["diff", "--run", "20261201T040001Z"])
        #expect(status == .failure)
        #expect(
            capture.errors
                == "error: no run '20261201T040001Z' in \(store.root.path)/runs (did you mean '20261201T040000Z'?)\n")
    }

    @Test func noRunsYetSaysSo() async throws {
        let empty = try TemporaryDirectory("diff-empty")
        let capture = CapturingConsole()
        let status = try DiffCommand.report(
            store: CacheStore(root: empty.url), runID: nil, json: false, console: capture.console)
        #expect(status == .failure)
        #expect(capture.errors == "error: no runs recorded in \(empty.url.path)/runs yet\n")
    }

    @Test func exitCodeSaysWhetherTheRunChangedSomething() async {
        let (changed, _) = await run(["diff", "--exit-code"])
        #expect(changed == .failure)
        // The first run is a baseline: tracked, not changed.
        let (baseline, _) = await run(["diff", "--exit-code", "--run", "20261130T040000Z"])
        #expect(baseline == .success)
        let (plain, _) = await run(["diff"])
        #expect(plain == .success)
        let (missing, _) = await run(["diff", "--exit-code", "--run", "20200101T000000Z"])
        #expect(missing == .usage)
    }
}
