import Foundation
import Testing

@testable import TrawlKit

/// A night when nothing happened leaves the site as it was: byte-identical, ETags intact.
@Suite struct SiteQuietRunTests {
    func run(_ minute: Int, _ outcomes: [RunRecord.Outcome], changes: [Change] = []) -> RunRecord {
        let time = Date(timeIntervalSince1970: 1_800_000_000 + Double(minute) * 60)
        return RunRecord(id: "r\(minute)", started: time, finished: time, outcomes: outcomes, changes: changes)
    }

    func fetched(_ count: Int) -> RunRecord.Outcome { .init(sourceID: "a", status: .fetched, itemCount: count) }

    @Test func runsThatChangedNothingAreLeftOut() {
        let change = Change(kind: .added, sourceID: "a", itemID: "x", detectedAt: Date(timeIntervalSince1970: 0))
        let runs = [
            run(0, [fetched(3)]),
            run(1, [fetched(3)]),
            run(2, [.init(sourceID: "a", status: .notModified, itemCount: 3)]),
            run(3, [fetched(4)], changes: [change]),
            run(4, [.init(sourceID: "a", status: .failed, itemCount: 4, error: "HTTP 503")]),
            run(5, [.init(sourceID: "a", status: .failed, itemCount: 4, error: "HTTP 503")]),
            run(6, [fetched(4)]),
        ]
        #expect(SiteContent.withoutQuietRuns(runs).map(\.id) == ["r0", "r3", "r4", "r6"])
    }

    @Test func healthTimesComeFromTheRunsShown() {
        let runs = SiteContent.withoutQuietRuns([run(0, [fetched(3)]), run(1, [fetched(3)])])
        var health = Health()
        health.lastSuccess = Date(timeIntervalSince1970: 1_800_000_060)
        let shown = SiteContent.asOf(RunTimes.bySource(runs)["a"], health)
        #expect(shown.lastSuccess == Date(timeIntervalSince1970: 1_800_000_000))
    }
}
