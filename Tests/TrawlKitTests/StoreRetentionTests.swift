import Foundation
import TestSupport
import Testing

@testable import TrawlKit

@Suite struct StoreRetentionTests {
    let directory: TemporaryDirectory
    let store: CacheStore

    /// A cache with ten nightly runs, the last at `SnapshotFixtures.night`.
    init() throws {
        directory = try TemporaryDirectory("store-retention")
        store = CacheStore(root: directory.url)
        for day in 0..<10 {
            let time = SnapshotFixtures.night.addingTimeInterval(Double(day - 9) * 86_400)
            try store.save(
                RunRecord(id: RunRecord.id(for: time), started: time, finished: time, outcomes: [], changes: []))
        }
    }

    @Test(arguments: [
        (RetentionPolicy(runs: 3), 3),
        (RetentionPolicy(days: 4), 5),
        (RetentionPolicy(runs: 3, days: 4), 5),
        (RetentionPolicy(runs: 8, days: 2), 8),
        (RetentionPolicy(), 10),
        (RetentionPolicy(runs: 0, days: 0), 1),
    ])
    func runRecordsAreKeptForAtLeastNRunsAndDDays(policy: RetentionPolicy, kept: Int) throws {
        let removed = try store.pruneRuns(policy, now: SnapshotFixtures.night)
        #expect(store.runIDs().count == kept)
        #expect(removed.count == 10 - kept)
        #expect(store.runIDs().last == "20261130T040000.000Z")
    }

    @Test func configuredRetentionIsThePolicy() {
        #expect(RetentionPolicy(RetentionSettings(runs: 7, days: 9)) == RetentionPolicy(runs: 7, days: 9))
    }

    @Test func recordsNamedByNoTimeAreKeptRatherThanGuessed() throws {
        try store.save(
            RunRecord(id: "0-manual", started: .distantPast, finished: .distantPast, outcomes: [], changes: []))
        try store.pruneRuns(RetentionPolicy(runs: 1, days: 0), now: SnapshotFixtures.night)
        // Not a run (its name tells no time), so neither listed nor pruned.
        #expect(store.runIDs() == ["20261130T040000.000Z"])
        #expect(FileManager.default.fileExists(atPath: store.runFile("0-manual").path))
    }

    @Test func theNewestRunIsKeptHoweverOld() throws {
        try store.pruneRuns(RetentionPolicy(days: 1), now: SnapshotFixtures.night.addingTimeInterval(400 * 86_400))
        #expect(store.runIDs() == ["20261130T040000.000Z"])
    }
}
