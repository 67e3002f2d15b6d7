import Foundation
import Testing

@testable import TrawlKit

/// When a source is told to have stopped working, and to work again: once each.
@Suite struct HealthEventTests {
    func run(_ night: Int, _ status: RunRecord.Outcome.Status) -> RunRecord {
        let started = Date(timeIntervalSince1970: 1_796_011_200 + Double(night) * 86_400)
        return RunRecord(
            id: RunRecord.id(for: started), started: started, finished: started,
            outcomes: [
                .init(sourceID: "s", status: status, itemCount: 1, error: status == .fetched ? nil : "HTTP 503")
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
}
