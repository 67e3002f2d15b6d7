import Foundation
import Testing
import TrawlJSON

@testable import TrawlKit

/// The night after a source's rules were edited: what the edit explains is no news (a field
/// whose rule changed is re-read silently; an edited identity, or an accepted shape, is one
/// "source updated" baseline), what it does not explain is news as ever, and the snapshot
/// keeps the rules it was read by.
@Suite struct RuleEditTests {
    static let night = Date(timeIntervalSince1970: 1_796_011_200)

    static func source(date: String = "time", items: String = "li", idField: String? = nil) -> SourceConfiguration {
        var source = SourceConfiguration(
            id: "posts", kind: .list, url: URL(string: "https://a.example/")!, items: items,
            fields: [
                FieldRule(name: "title", locator: .css("a"), type: .string),
                FieldRule(name: "url", locator: .css("a"), type: .url),
                FieldRule(name: "published", locator: .css(date), type: .string),
            ])
        source.idField = idField
        return source
    }

    static func item(_ n: Int, date: String) -> Item {
        Item(
            id: "https://a.example/\(n)", title: "Post \(n)", url: URL(string: "https://a.example/\(n)"),
            fields: [.init("published", .string(date))])
    }

    static func snapshot(_ items: [Item], _ source: SourceConfiguration) -> Snapshot {
        var snapshot = Snapshot(sourceID: "posts", takenAt: night, items: items)
        snapshot.rules = source.ruleDigests
        return snapshot
    }

    @Test func aFieldWhoseRuleChangedIsReReadSilently() {
        let before = Self.snapshot((1...5).map { Self.item($0, date: "2026-11-\($0) 09:00") }, Self.source())
        let edited = Self.source(date: "time.day")
        let after = Self.snapshot((1...5).map { Self.item($0, date: "2026-11-\($0)") }, edited)
        let detection = ChangeDetector().detect(from: before, to: after, at: Self.night, accepted: false)
        #expect(detection.changes.isEmpty)
        #expect(detection.snapshot.items == after.items, "the new values are kept")
        #expect(detection.snapshot.rules == edited.ruleDigests)
        #expect(!detection.isUnchanged)
    }

    @Test func itemsThatAppearOrVanishUnderAnUnchangedRuleAreStillNews() {
        let before = Self.snapshot((1...5).map { Self.item($0, date: "2026-11-\($0) 09:00") }, Self.source())
        let edited = Self.source(date: "time.day")
        let after = Self.snapshot((2...6).map { Self.item($0, date: "2026-11-\($0)") }, edited)
        let changes = ChangeDetector().detect(from: before, to: after, at: Self.night, accepted: false).changes
        #expect(changes.map(\.kind) == [.added, .removed])
        #expect(changes.map(\.itemID) == ["https://a.example/6", "https://a.example/1"])
    }

    @Test func anUnchangedFieldStillTellsItsChangesAfterAnotherFieldsEdit() {
        let before = Self.snapshot([Self.item(1, date: "a")], Self.source())
        var renamed = Self.item(1, date: "b")
        renamed.title = "Post one"
        let after = Self.snapshot([renamed], Self.source(date: "time.day"))
        let changes = ChangeDetector().detect(from: before, to: after, at: Self.night, accepted: false).changes
        #expect(changes.map(\.kind) == [.changed])
        #expect(changes.first?.fieldChanges.map(\.field) == ["title"])
    }

    @Test(arguments: [false, true])
    func anEditedIdentityOrAnAcceptedShapeIsOneSourceUpdatedBaseline(accepted: Bool) {
        let before = Self.snapshot((1...5).map { Self.item($0, date: "x") }, Self.source())
        let source = accepted ? Self.source() : Self.source(items: "article")
        let after = Self.snapshot((3...9).map { Self.item($0, date: "y") }, source)
        let detection = ChangeDetector().detect(from: before, to: after, at: Self.night, accepted: accepted)
        #expect(detection.changes.count == 1)
        let update = detection.changes[0]
        #expect(update.kind == .baseline && update.trackedItems == 7 && !update.isNews)
        #expect(update.rebaselineReason == (accepted ? .accepted : .identityEdited))
        #expect(ChangeDescription(update, sourceName: "Posts").title == "Source updated: 7 items")
        #expect(detection.snapshot.items == after.items)
    }

    @Test func aSnapshotSavedBeforeRulesWereKeptReportsAsBefore() {
        let before = Snapshot(sourceID: "posts", takenAt: Self.night, items: [Self.item(1, date: "a")])
        let after = Self.snapshot([Self.item(1, date: "b")], Self.source(date: "time.day"))
        let detection = ChangeDetector().detect(from: before, to: after, at: Self.night, accepted: false)
        #expect(detection.changes.map(\.kind) == [.changed])
        #expect(detection.snapshot.rules == after.rules, "from now on the rules are kept")
    }

    @Test func onlyScrapingRulesCount() {
        var renamed = Self.source()
        renamed.name = "Posts, renamed"
        renamed.guardrail.maxLoss = 0.9
        #expect(renamed.ruleDigests == Self.source().ruleDigests)
        #expect(
            Self.source(idField: "title").ruleDigests[SourceConfiguration.identityRule]
                != Self.source().ruleDigests[SourceConfiguration.identityRule])
    }

    @Test func theRulesAreSavedWithTheSnapshotAndReadBackBothWays() throws {
        let snapshot = Self.snapshot([Self.item(1, date: "a")], Self.source())
        let data = SnapshotJSON.encode(snapshot)
        #expect(String(decoding: data, as: UTF8.self).contains("\"rules\": {\"*identity\": "))
        let store = CacheStore(
            root: FileManager.default.temporaryDirectory.appendingPathComponent("trawl-rules-\(UUID().uuidString)"))
        #expect(try store.lastGoodSnapshot(of: "posts", from: data)?.rules == snapshot.rules)
        let tree = try JSONParser.parse(data)
        #expect(try SnapshotJSON.decode(tree, version: 2).rules == snapshot.rules)
    }
}
