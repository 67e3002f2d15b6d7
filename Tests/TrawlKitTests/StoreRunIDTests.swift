import Foundation
import TestSupport
import Testing

@testable import TrawlKit

@Suite struct StoreRunIDTests {
    @Test func filesThatAreNotRunRecordsAreNeitherRunsNorPruned() throws {
        let cache = try TemporaryDirectory("trawl-runs")
        let store = CacheStore(root: cache.url)
        let time = Date(timeIntervalSince1970: 1_800_000_000)
        try store.save(
            RunRecord(id: store.newRunID(at: time), started: time, finished: time, outcomes: [], changes: []))
        let notes = cache.file("runs/notes.json")
        try Data("{\"mine\": true}".utf8).write(to: notes)

        #expect(store.runIDs().count == 1)
        #expect(try store.latestRun()?.started == time)
        _ = try store.pruneRuns(RetentionPolicy(runs: 1, days: 0), now: time.addingTimeInterval(86_400 * 100))
        #expect(FileManager.default.fileExists(atPath: notes.path))
        #expect(store.problems.all.isEmpty)
    }
}
