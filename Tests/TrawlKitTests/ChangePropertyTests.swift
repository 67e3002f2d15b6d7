import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// Properties that hold for any pair of snapshots, checked on 200 seeded random pairs.
@Suite struct ChangePropertyTests {
    static let seeds: [UInt64] = Array(1...200)
    let detector = ChangeDetector()
    let time = SnapshotFixtures.night.addingTimeInterval(86_400)

    /// Items by id with fields by name: what a snapshot holds, regardless of order.
    private func content(_ snapshot: Snapshot) -> [String: [String: Value]] {
        Dictionary(
            uniqueKeysWithValues: snapshot.items.map { item in
                var values = Dictionary(uniqueKeysWithValues: item.fields.map { ($0.name, $0.value) })
                values["title"] = .string(item.title)
                values["url"] = item.url.map(Value.url)
                values["date"] = item.date.map(Value.date)
                values["summary"] = item.summary.map(Value.string)
                return (item.id, values)
            })
    }

    @Test(arguments: seeds)
    func diffingASnapshotWithItselfFindsNothing(seed: UInt64) {
        let (snapshot, _) = SnapshotFixtures.randomPair(seed: seed)
        #expect(detector.changes(from: snapshot, to: snapshot, at: time).isEmpty)
    }

    @Test(arguments: seeds)
    func applyingTheChangesFromAToBOnAGivesB(seed: UInt64) {
        let (a, b) = SnapshotFixtures.randomPair(seed: seed)
        let changes = detector.changes(from: a, to: b, at: time)
        #expect(content(a.applying(changes)) == content(b))
    }

    @Test(arguments: seeds)
    func reorderingItemsChangesNothing(seed: UInt64) {
        let (a, _) = SnapshotFixtures.randomPair(seed: seed)
        var random = SeededGenerator(seed: seed)
        var shuffled = a
        shuffled.items.shuffle(using: &random)
        #expect(detector.changes(from: a, to: shuffled, at: time).isEmpty)
    }

    @Test(arguments: seeds)
    func changesSurviveTheCacheUnchanged(seed: UInt64) throws {
        let (a, b) = SnapshotFixtures.randomPair(seed: seed)
        let changes = detector.changes(from: a, to: b, at: time)
        let record = RunRecord(id: "r", started: time, finished: time, outcomes: [], changes: changes)
        let decoded = try CacheStore.decode(RunRecord.self, from: CacheStore.encode(record), path: "r.json").get()
        #expect(decoded.changes.count == changes.count)
        #expect(content(a.applying(decoded.changes)) == content(b))
    }

    @Test func randomPairsCoverEveryKindOfChange() {
        let kinds = Set(
            Self.seeds.prefix(20).flatMap { seed in
                let (a, b) = SnapshotFixtures.randomPair(seed: seed)
                return detector.changes(from: a, to: b, at: time).map(\.kind)
            })
        #expect(kinds == [.added, .changed, .removed])
    }
}
