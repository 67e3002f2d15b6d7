import Foundation
import TestSupport
import Testing
import TrawlDates

@testable import TrawlKit

@Suite struct ChangeDetectorTests {
    let detector = ChangeDetector()
    let later = SnapshotFixtures.night.addingTimeInterval(86_400)

    private func snapshot(_ items: [Item], at time: Date = SnapshotFixtures.night) -> Snapshot {
        SnapshotFixtures.snapshot(items, at: time)
    }

    @Test func firstRunIsOneBaselineNotAnAdditionPerItem() {
        let items = (1...800).map { SnapshotFixtures.chart($0) }
        let changes = detector.changes(from: nil, to: snapshot(items), at: later)
        #expect(changes.count == 1)
        #expect(changes.first?.kind == .baseline)
        #expect(changes.first?.trackedItems == 800)
        #expect(changes.first?.detectedAt == later)
    }

    @Test func newItemIsAdded() {
        let old = snapshot([SnapshotFixtures.chart(1)])
        let new = snapshot([SnapshotFixtures.chart(1), SnapshotFixtures.chart(2)], at: later)
        let changes = detector.changes(from: old, to: new, at: later)
        #expect(changes.map(\.kind) == [.added])
        #expect(changes.first?.after == SnapshotFixtures.chart(2))
        #expect(changes.first?.before == nil)
    }

    @Test func changedItemListsEachFieldWithOldAndNewValue() throws {
        let old = snapshot([SnapshotFixtures.chart(1, title: "Approaches", scale: 80_000)])
        let new = snapshot([SnapshotFixtures.chart(1, title: "Approaches to Boston", scale: 40_000)], at: later)
        let change = try #require(detector.changes(from: old, to: new, at: later).first)
        #expect(change.kind == .changed)
        #expect(change.before?.title == "Approaches")
        #expect(change.after?.title == "Approaches to Boston")
        #expect(
            change.fieldChanges == [
                .init(field: "title", old: .string("Approaches"), new: .string("Approaches to Boston")),
                .init(field: "scale", old: .int(80_000), new: .int(40_000)),
            ])
    }

    @Test func comparisonIsTyped() throws {
        var before = SnapshotFixtures.chart(1)
        var after = before
        before.fields = [Item.Field("scale", .int(80_000))]
        after.fields = [Item.Field("scale", .string("80000"))]
        let change = try #require(detector.changes(from: snapshot([before]), to: snapshot([after]), at: later).first)
        #expect(change.fieldChanges == [.init(field: "scale", old: .int(80_000), new: .string("80000"))])
    }

    @Test func fieldThatAppearsOrGoesIsAChangeFromOrToNothing() throws {
        var before = SnapshotFixtures.chart(1)
        var after = before
        before.fields = [Item.Field("edition", .int(3))]
        after.fields = [Item.Field("price", .double(4.5))]
        let change = try #require(detector.changes(from: snapshot([before]), to: snapshot([after]), at: later).first)
        #expect(
            change.fieldChanges == [
                .init(field: "price", old: nil, new: .double(4.5)), .init(field: "edition", old: .int(3), new: nil),
            ])
    }

    @Test func ignoredFieldsNeverMakeAChange() {
        let old = snapshot([Item(id: "a", title: "Headline", fields: [.init("rank", .int(1))])])
        let new = snapshot([Item(id: "a", title: "Headline", fields: [.init("rank", .int(4))])], at: later)
        let detection = ChangeDetector(ignoredFields: ["rank"]).detect(from: old, to: new, at: later)
        #expect(detection.changes.isEmpty)
        // The new rank is still kept, for the site to show.
        #expect(detection.snapshot.items.first?[field: "rank"] == .int(4))
    }

    @Test func valuesThatOnlyLoseWhatTheCacheCannotHoldAreNotChanges() {
        let base = URL(string: "https://charts.example/list/")!
        let precise = Date(timeIntervalSince1970: 1_795_924_800.123_456)
        let scraped = Item(
            id: "a", title: "A", url: URL(string: "../a.pdf", relativeTo: base), date: precise,
            fields: [.init("seen", .date(precise))])
        let stored = Item(
            id: "a", title: "A", url: URL(string: "https://charts.example/a.pdf"),
            date: DateCodec.parseRFC3339(DateCodec.rfc3339(precise)),
            fields: [.init("seen", .date(DateCodec.parseRFC3339(DateCodec.rfc3339(precise))!))])
        let detection = detector.detect(from: snapshot([stored]), to: snapshot([scraped], at: later), at: later)
        #expect(detection.changes.isEmpty)
        #expect(detection.isUnchanged)
    }

    @Test func goneItemIsRemovedAndRemembered() {
        let old = snapshot([SnapshotFixtures.chart(1), SnapshotFixtures.chart(2)])
        let detection = detector.detect(from: old, to: snapshot([SnapshotFixtures.chart(1)], at: later), at: later)
        #expect(detection.changes.map(\.kind) == [.removed])
        #expect(detection.changes.first?.before == SnapshotFixtures.chart(2))
        #expect(detection.changes.first?.after == nil)
        #expect(detection.snapshot.removed == [SnapshotFixtures.chart(2)])
    }

    @Test func removedItemThatComesBackReappearsWithWhatDiffers() throws {
        let first = snapshot([SnapshotFixtures.chart(1), SnapshotFixtures.chart(2, scale: 80_000)])
        let second = detector.detect(from: first, to: snapshot([SnapshotFixtures.chart(1)], at: later), at: later)
        let back = SnapshotFixtures.chart(2, scale: 20_000)
        let third = detector.detect(from: second.snapshot, to: snapshot([SnapshotFixtures.chart(1), back]), at: later)
        let change = try #require(third.changes.first)
        #expect(third.changes.count == 1)
        #expect(change.kind == .reappeared)
        #expect(change.after == back)
        #expect(change.before == SnapshotFixtures.chart(2, scale: 80_000))
        #expect(change.fieldChanges == [.init(field: "scale", old: .int(80_000), new: .int(20_000))])
        #expect(third.snapshot.removed.isEmpty)
    }

    @Test func rememberedRemovalsAreBoundedKeepingTheMostRecent() {
        let limited = ChangeDetector(tombstoneLimit: 3)
        var stored = snapshot((1...5).map { SnapshotFixtures.chart($0) })
        for gone in 1...5 {
            let remaining = ((gone + 1)...6).filter { $0 <= 5 }.map { SnapshotFixtures.chart($0) }
            stored = limited.detect(from: stored, to: snapshot(remaining), at: later).snapshot
        }
        #expect(stored.removed.map(\.title) == ["Chart 5", "Chart 4", "Chart 3"])
    }

    @Test func duplicateIDsKeepTheFirstItemInPageOrder() {
        let first = Item(id: "same", title: "First")
        let second = Item(id: "same", title: "Second")
        let detection = detector.detect(
            from: nil, to: snapshot([first, second, Item(id: "other", title: "O")]), at: later)
        #expect(detection.snapshot.items.map(\.title) == ["First", "O"])
        #expect(detection.duplicateIDs == ["same"])
        #expect(detection.changes.first?.trackedItems == 2)
    }

    /// A cache edited by hand may repeat an id, or remember as removed an item it also
    /// lists: the first stored item of an id is the one compared and removed, and a
    /// removed item is remembered once, as removed tonight.
    @Test func aStoredSnapshotThatRepeatsAnIDIsReadByItsFirstItem() {
        var old = snapshot([
            Item(id: "a", title: "A"), Item(id: "a", title: "A again"), Item(id: "b", title: "B"),
            Item(id: "c", title: "C"),
        ])
        old.removed = [Item(id: "b", title: "B before"), Item(id: "d", title: "D"), Item(id: "c", title: "C before")]
        let detection = detector.detect(
            from: old, to: snapshot([Item(id: "a", title: "A"), Item(id: "c", title: "C")], at: later), at: later)
        #expect(detection.changes.map(\.kind) == [.removed])
        #expect(detection.changes.first?.before?.title == "B")
        #expect(detection.snapshot.removed.map(\.title) == ["B", "D"])
        #expect(!detection.isUnchanged)
    }

    @Test func nothingChangedHandsBackTheStoredSnapshot() {
        let old = snapshot([SnapshotFixtures.chart(1), SnapshotFixtures.chart(2)])
        let detection = detector.detect(from: old, to: snapshot(old.items, at: later), at: later)
        #expect(detection.isUnchanged)
        #expect(detection.snapshot == old)
        #expect(detection.snapshot.takenAt == SnapshotFixtures.night)
    }

    @Test func reorderingIsNotAChangeButTheNewOrderIsKept() {
        let old = snapshot([SnapshotFixtures.chart(1), SnapshotFixtures.chart(2)])
        let new = snapshot([SnapshotFixtures.chart(2), SnapshotFixtures.chart(1)], at: later)
        let detection = detector.detect(from: old, to: new, at: later)
        #expect(detection.changes.isEmpty)
        #expect(!detection.isUnchanged)
        #expect(detection.snapshot.items == new.items)
    }
}
