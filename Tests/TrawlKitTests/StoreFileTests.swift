import Foundation
import TestSupport
import Testing

@testable import TrawlKit

@Suite struct StoreFileTests {
    let directory: TemporaryDirectory
    let store: CacheStore

    init() throws {
        directory = try TemporaryDirectory("store-files")
        store = CacheStore(root: directory.url)
    }

    private func modificationDate(_ url: URL) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
    }

    @Test func snapshotReadsBackAsSaved() throws {
        let snapshot = Snapshot(
            sourceID: "charts", takenAt: SnapshotFixtures.night, items: [SnapshotFixtures.chart(1)],
            removed: [SnapshotFixtures.chart(2)])
        try store.save(snapshot)
        #expect(try store.lastGoodSnapshot(of: "charts") == snapshot)
        #expect(store.problems.all.isEmpty)
    }

    @Test func missingFilesReadAsNothingYet() throws {
        #expect(try store.lastGoodSnapshot(of: "never") == nil)
        #expect(try store.health(of: "never") == Health())
        #expect(try store.validators(of: "never").isEmpty)
        #expect(try store.runs().isEmpty)
    }

    @Test func snapshotsKeepOneItemALineWithReadableDates() throws {
        try store.save(SnapshotFixtures.snapshot([SnapshotFixtures.chart(7), SnapshotFixtures.chart(8)]))
        let text = try String(contentsOf: store.snapshotFile(of: "charts"), encoding: .utf8)
        #expect(text.hasPrefix("{\n  \"schemaVersion\": 2,\n"))
        #expect(text.contains("\"takenAt\": \"2026-11-30T04:00:00Z\""))
        #expect(text.contains("\"url\":\"https://charts.example/7.pdf\""))
        #expect(text.hasSuffix("}\n"))
        let keys = text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(keys == ["schemaVersion", "sourceID", "takenAt", "fieldTypes", "items", "removed"])
        let itemLines = text.split(separator: "\n").filter { $0.hasPrefix("    {\"id\":") }
        #expect(itemLines.count == 2)
    }

    @Test func savingTheSameContentWritesNothing() throws {
        let snapshot = SnapshotFixtures.snapshot([SnapshotFixtures.chart(1)])
        #expect(try store.save(snapshot))
        let file = store.snapshotFile(of: "charts")
        let inode = try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int
        #expect(try !store.save(snapshot))
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int == inode)
    }

    @Test func anUnchangedRunRewritesNoCacheFile() throws {
        let detector = ChangeDetector()
        let items = (1...50).map { SnapshotFixtures.chart($0) }
        let first = detector.detect(from: nil, to: SnapshotFixtures.snapshot(items), at: SnapshotFixtures.night)
        try runOnce(detection: first, at: SnapshotFixtures.night)
        let files = try FileManager.default.subpathsOfDirectory(atPath: directory.url.path).sorted()
            .filter { $0.hasSuffix(".json") }
        #expect(files.count == 4)
        let before = try files.map { try modificationDate(directory.file($0)) }

        let tomorrow = SnapshotFixtures.night.addingTimeInterval(86_400)
        let again = detector.detect(
            from: try store.lastGoodSnapshot(of: "charts"), to: SnapshotFixtures.snapshot(items, at: tomorrow),
            at: tomorrow)
        let written = try runOnce(detection: again, at: tomorrow)

        #expect(written == ["run"])
        let after = try files.map { try modificationDate(directory.file($0)) }
        #expect(after == before)
        // …and yet the health says when the source last succeeded.
        #expect(try store.health(of: "charts").lastSuccess == tomorrow)
    }

    /// What the pipeline does for one source, returning which files were written.
    @discardableResult
    private func runOnce(detection: ChangeDetector.Detection, at time: Date) throws -> [String] {
        var written: [String] = []
        if try store.save(detection) { written.append("snapshot") }
        if try store.save(validators: ["https://charts.example/": HTTPValidators(etag: "\"v1\"")], of: "charts") {
            written.append("http")
        }
        var health = try store.health(of: "charts")
        health.recordSuccess(itemCount: detection.snapshot.items.count, at: time)
        if try store.save(health, of: "charts") { written.append("health") }
        let outcome = RunRecord.Outcome(sourceID: "charts", status: .fetched, itemCount: detection.snapshot.items.count)
        let run = RunRecord(
            id: store.newRunID(at: time), started: time, finished: time, outcomes: [outcome],
            changes: detection.changes)
        if try store.save(run) { written.append("run") }
        return written
    }

    @Test func writesLeaveNoTemporaryFilesBehind() throws {
        try store.save(SnapshotFixtures.snapshot([SnapshotFixtures.chart(1)]))
        try store.save(SnapshotFixtures.snapshot([SnapshotFixtures.chart(2)]))
        let names = try FileManager.default.contentsOfDirectory(
            atPath: store.snapshotFile(of: "charts").deletingLastPathComponent().path)
        #expect(names == ["snapshot.json"])
    }

    @Test func runIDsAreUTCTimestampsMadeUniqueWithinASecond() throws {
        let id = store.newRunID(at: SnapshotFixtures.night)
        #expect(id == "20261130T040000.000Z")
        try store.save(
            RunRecord(
                id: id, started: SnapshotFixtures.night, finished: SnapshotFixtures.night, outcomes: [], changes: []))
        #expect(store.newRunID(at: SnapshotFixtures.night) == "20261130T040000.000Z-2")
        #expect(RunRecord.id(for: SnapshotFixtures.night.addingTimeInterval(0.1239)) == "20261130T040000.123Z")
        #expect(RunRecord.date(fromID: "20261130T040000.000Z-2") == SnapshotFixtures.night)
        #expect(RunRecord.date(fromID: "20261130T040000Z") == SnapshotFixtures.night)
        #expect(RunRecord.date(fromID: "20261130T040000.250Z") == SnapshotFixtures.night.addingTimeInterval(0.25))
    }

    @Test func runsComeBackOldestFirstAndTheLatestIsTheNewest() throws {
        for day in [2, 0, 1] {
            let time = SnapshotFixtures.night.addingTimeInterval(Double(day) * 86_400)
            try store.save(
                RunRecord(id: RunRecord.id(for: time), started: time, finished: time, outcomes: [], changes: []))
        }
        #expect(
            try store.runs().map(\.id) == ["20261130T040000.000Z", "20261201T040000.000Z", "20261202T040000.000Z"])
        #expect(try store.latestRun()?.id == "20261202T040000.000Z")
    }

    @Test func sourceIDsAreTheSourcesTheCacheHolds() throws {
        try store.save(SnapshotFixtures.snapshot([], source: "noaa"))
        try store.save(Health(), of: "bbc")
        #expect(store.sourceIDs() == ["bbc", "noaa"])
    }
}
