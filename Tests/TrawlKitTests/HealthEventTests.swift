import Foundation
import Testing

@testable import TrawlKit

/// When a source is told to have stopped working, and to work again: once each.
@Suite struct HealthEventTests {
    func run(_ night: Int, _ status: RunRecord.Outcome.Status, warnings: [String]? = nil) -> RunRecord {
        let started = Date(timeIntervalSince1970: 1_796_011_200 + Double(night) * 86_400)
        return RunRecord(
            id: RunRecord.id(for: started), started: started, finished: started,
            outcomes: [
                .init(
                    sourceID: "s", status: status, itemCount: 1, error: status == .fetched ? nil : "HTTP 503",
                    warnings: warnings)
            ],
            changes: [])
    }

    @Test func twoFailedFetchesOrOneGuardBreakASourceOnce() {
        let fetchFailures = [run(0, .fetched), run(1, .failed), run(2, .failed), run(3, .failed), run(4, .fetched)]
        let events = HealthEvent.events(in: fetchFailures)
        #expect(events.map(\.kind) == [.broke, .recovered])
        #expect(events.map(\.runID) == [fetchFailures[2].id, fetchFailures[4].id])
        #expect(events.first?.reason == "HTTP 503")
        let guarded = [run(0, .fetched), run(1, .guarded), run(2, .notModified)]
        #expect(HealthEvent.events(in: guarded).map(\.kind) == [.broke, .recovered])
        #expect(HealthEvent.events(in: [run(0, .fetched), run(1, .failed), run(2, .fetched)]).isEmpty)
    }

    @Test func aBreakageWhoseStartWasPrunedIsNotToldAgain() {
        // Retention removed the nights it worked and broke: what is left starts broken.
        let left = [run(5, .failed), run(6, .failed), run(7, .failed)]
        #expect(HealthEvent.events(in: left).isEmpty)
    }

    static let empty = ["field 'date' is empty on 18 of 20 items: `time` matches nothing (or only blank text) in them"]
    static let emptier = [
        "field 'date' is empty on 19 of 20 items: `time` matches nothing (or only blank text) in them"
    ]

    @Test func fieldWarningsAreToldWhenTheyBeginAndWhenTheyStopNotEveryNight() {
        let runs = [
            run(0, .fetched), run(1, .fetched, warnings: Self.empty), run(2, .fetched, warnings: Self.emptier),
            run(3, .notModified), run(4, .fetched, warnings: Self.empty + ["another"]), run(5, .fetched),
            run(6, .fetched),
        ]
        let events = HealthEvent.events(in: runs)
        #expect(events.map(\.kind) == [.degraded, .repaired])
        #expect(events.map(\.runID) == [runs[1].id, runs[5].id])
        #expect(events.first?.reason == Self.empty[0])
        #expect(events.first?.warnings == Self.empty)
        #expect(events.first?.sentence(sourceName: "NOAA charts") == "NOAA charts stopped working properly")
        #expect(events.last?.sentence(sourceName: "NOAA charts") == "NOAA charts works properly again")
    }

    @Test func warningsFromTheFirstScrapeOnAreNotToldAsABreakage() {
        // It never worked properly in the records kept (a new source, or pruned history).
        let runs = [run(0, .fetched, warnings: Self.empty), run(1, .fetched, warnings: Self.empty), run(2, .fetched)]
        #expect(HealthEvent.events(in: runs).isEmpty)
    }

    @Test func aBreakageAndWarningsAreToldWithoutRepeatingEachOther() {
        // Warned, then broke, then works again still warning: only "works again".
        let stillWarning = [
            run(0, .fetched), run(1, .fetched, warnings: Self.empty), run(2, .guarded),
            run(3, .fetched, warnings: Self.empty),
        ]
        #expect(HealthEvent.events(in: stillWarning).map(\.kind) == [.degraded, .broke, .recovered])
        // Works again without the warnings: "works again" says it all.
        let clean = [run(0, .fetched), run(1, .fetched, warnings: Self.empty), run(2, .guarded), run(3, .fetched)]
        #expect(HealthEvent.events(in: clean).map(\.kind) == [.degraded, .broke, .recovered])
        // Works again with new warnings: both are news.
        let newWarnings = [run(0, .fetched), run(1, .guarded), run(2, .fetched, warnings: Self.empty)]
        #expect(HealthEvent.events(in: newWarnings).map(\.kind) == [.broke, .recovered, .degraded])
    }
}
