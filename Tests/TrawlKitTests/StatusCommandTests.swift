import Foundation
import TestSupport
import Testing

@testable import TrawlKit

@Suite struct StatusCommandTests {
    let directory: TemporaryDirectory
    let store: CacheStore
    let night = SnapshotFixtures.night

    /// Two sources: charts fetched fine last night; news has failed twice since the night before.
    init() throws {
        directory = try TemporaryDirectory("status")
        store = CacheStore(root: directory.url.appendingPathComponent("Cache"))
        let earlier = night.addingTimeInterval(-86_400)
        try store.record(
            .init(sourceID: "news", status: .fetched, itemCount: 10), at: earlier.addingTimeInterval(-86_400))
        try store.record(.init(sourceID: "news", status: .failed, itemCount: 0, error: "HTTP 503"), at: earlier)
        try store.record(
            .init(sourceID: "news", status: .guarded, itemCount: 0, error: "no items matched 'ol.most-read li'"),
            at: night)
        try store.record(
            .init(
                sourceID: "charts", status: .fetched, itemCount: 812,
                warnings: ["field 'scale' is empty on 812 of 812 items: `.scale` matches nothing"]),
            at: night)
    }

    private func run(_ arguments: [String]) async -> (TrawlKit.ExitStatus, CapturingConsole) {
        let capture = CapturingConsole()
        let status = await CommandLineTool.main(arguments, console: capture.console)
        return (status, capture)
    }

    @Test func tableShowsEachSourcesHealthAndExitsOneWhenOneIsStale() throws {
        let capture = CapturingConsole()
        let status = try StatusCommand.report(
            store: store, json: false, now: night.addingTimeInterval(3 * 3_600 + 12 * 60), console: capture.console)
        #expect(status == .failure)
        #expect(
            capture.output == """
                SOURCE  LAST SUCCESS          AGE     ITEMS  FAILURES  WARNINGS  STALE  LAST ERROR
                charts  2026-11-30T04:00:00Z  3h 12m    812         0         1  ok
                news    2026-11-28T04:00:00Z  2d 3h      10         2         0  stale  no items matched 'ol.most-read li'

                warning: [charts] field 'scale' is empty on 812 of 812 items: `.scale` matches nothing

                """)
    }

    @Test func jsonIsAnArrayOfObjectsWithEveryKey() async throws {
        let (status, capture) = await run(["status", "--json", "--cache", store.root.path])
        #expect(status == .failure)
        #expect(capture.errors == "")
        #expect(
            capture.output == """
                [
                  {
                    "detailPagesWaiting": null,
                    "errorKind": null,
                    "failures": 0,
                    "id": "charts",
                    "items": 812,
                    "lastError": null,
                    "lastSuccess": "2026-11-30T04:00:00Z",
                    "nextDue": null,
                    "stale": false,
                    "warnings": [
                      "field 'scale' is empty on 812 of 812 items: `.scale` matches nothing"
                    ]
                  },
                  {
                    "detailPagesWaiting": null,
                    "errorKind": "other",
                    "failures": 2,
                    "id": "news",
                    "items": 10,
                    "lastError": "no items matched 'ol.most-read li'",
                    "lastSuccess": "2026-11-28T04:00:00Z",
                    "nextDue": null,
                    "stale": true,
                    "warnings": []
                  }
                ]

                """)
    }

    @Test func allHealthyExitsZero() async throws {
        try store.record(.init(sourceID: "news", status: .fetched, itemCount: 9), at: night)
        let (status, _) = await run(["status", "--cache", store.root.path])
        #expect(status == .success)
    }

    @Test func configurationNamesTheCacheAndTheSourcesInItsOrder() async throws {
        let configuration = directory.file("trawl.json")
        let source = #"{"id": "ID", "kind": "list", "url": "a.html", "items": "li", "fields": {"title": "h2"}}"#
        let sources = ["news", "charts", "podcast"].map { source.replacingOccurrences(of: "ID", with: $0) }
        try Data(#"{"cache": "Cache", "sources": [\#(sources.joined(separator: ", "))]}"#.utf8).write(to: configuration)
        let (status, capture) = await run(["status", "--json", "--config", configuration.path])
        #expect(status == .failure)
        let ids = capture.output.split(separator: "\n").filter { $0.contains("\"id\"") }
        #expect(ids == [#"    "id": "news","#, #"    "id": "charts","#, #"    "id": "podcast","#])
    }

    @Test func anUnsetVariableInASourceDoesNotStopStatusOrDiffWhichOnlyReadTheCache() async throws {
        let configuration = directory.file("trawl.json")
        let sources = [
            #"{"id": "news", "kind": "list", "url": "https://${NEWS_HOST}/news", "base": "${NEWS_BASE}", "items": "li", "fields": {"title": "h2"}}"#,
            #"{"id": "charts", "kind": "list", "url": "${CHARTS_PAGE}", "items": "li", "fields": {"title": "h2"}}"#,
        ]
        try Data(#"{"cache": "Cache", "sources": [\#(sources.joined(separator: ", "))]}"#.utf8).write(to: configuration)
        let (status, capture) = await run(["status", "--config", configuration.path])
        #expect(status == .failure)  // news is stale
        #expect(capture.errors == "")
        #expect(capture.output.contains("charts  2026-11-30T04:00:00Z"))
        try store.save(
            RunRecord(id: "20261130T040000.000Z", started: night, finished: night, outcomes: [], changes: []))
        let (diffStatus, diff) = await run(["diff", "--config", configuration.path])
        #expect(diffStatus == .success)
        #expect(diff.errors == "")
        // A command that fetches still refuses, naming the variable.
        let (runStatus, runCapture) = await run(["scrape", "--config", configuration.path])
        #expect(runStatus == .usage)
        #expect(runCapture.errors.contains("NEWS_HOST"))
    }

    @Test func withoutCacheOrConfigurationItSaysHowToGetOne() async throws {
        let (status, capture) = await run(["status", "--config", directory.file("absent.json").path])
        #expect(status == .usage)
        #expect(capture.errors.hasPrefix("error: no configuration at \(directory.file("absent.json").path)"))
    }

    @Test func missingCacheIsAnErrorSayingWhere() async throws {
        let missing = directory.file("nowhere").path
        let (status, capture) = await run(["status", "--cache", missing])
        #expect(status == .failure)
        #expect(capture.errors == "error: no cache at \(missing); 'trawl run' makes one\n")
    }

    @Test func unusableHealthIsAWarningAndTheRestIsShown() async throws {
        try Data("{\"schemaVersion\": 1, ".utf8).write(to: store.healthFile(of: "news"))
        let (_, capture) = await run(["status", "--cache", store.root.path])
        #expect(capture.errors.hasPrefix("warning: \(store.healthFile(of: "news").path): the file is truncated"))
        #expect(capture.output.contains("charts"))
        // A command that only looks leaves the file for the next run to move aside.
        #expect(FileManager.default.fileExists(atPath: store.healthFile(of: "news").path))
    }

    @Test(arguments: [
        (0.0, "0s"), (59, "59s"), (60, "1m"), (3_599, "59m"), (3_600, "1h 0m"), (90_000, "1d 1h"),
    ])
    func agesReadAtAGlance(seconds: Double, text: String) {
        #expect(StatusCommand.age(seconds) == text)
    }
}
