import Foundation
import TestSupport
import Testing
import TrawlJSON

@testable import TrawlKit

/// A real schemaVersion 1 cache (Fixtures/cache-v1, written by the demo before version 2)
/// is read, rewritten as version 2 by the next save, and loses nothing on the way.
@Suite struct CacheMigrationTests {
    static let sources = ["bbc-most-read", "garden", "noaa-atlantic", "podcast", "sundell", "trawl-notes"]

    private func copyOfTheFixture() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory("cache-v1")
        let cache = directory.url.appendingPathComponent("cache")
        try FileManager.default.copyItem(at: Fixture.url("cache-v1"), to: cache)
        return directory
    }

    @Test(arguments: sources)
    func everyItemFieldTypeAndDateSurvivesTheRewrite(source: String) throws {
        let directory = try copyOfTheFixture()
        let store = CacheStore(root: directory.url.appendingPathComponent("cache"))
        let file = store.snapshotFile(of: source)
        let original = try Data(contentsOf: file)
        let old = try #require(try store.lastGoodSnapshot(of: source))
        #expect(store.problems.all.isEmpty)
        #expect(old.schemaVersion == 1)
        // What version 1 means, read independently of the new reader.
        #expect(old == (try CacheStore.decoder.decode(Snapshot.self, from: original)))

        // An unchanged run still rewrites an old file, as version 2.
        let detection = ChangeDetector().detect(from: old, to: old, at: old.takenAt)
        #expect(detection.isUnchanged)
        #expect(try store.save(detection))
        let rewritten = try Data(contentsOf: file)
        #expect(try JSONParser.parse(rewritten)["schemaVersion"] == .int(2))
        var new = try #require(try store.lastGoodSnapshot(of: source))
        #expect(new.schemaVersion == 2)
        new.schemaVersion = 1
        #expect(new == old)
        #expect(rewritten.count < original.count)

        // Once rewritten, an unchanged run writes nothing.
        #expect(try !store.save(ChangeDetector().detect(from: new, to: new, at: new.takenAt)))
    }

    @Test func everyKindOfValueTheDemoStoresIsInTheFixture() throws {
        let store = CacheStore(root: Fixture.url("cache-v1"), access: .readOnly)
        var kinds = Set<String>()
        var removed = 0
        for source in Self.sources {
            let snapshot = try #require(try store.lastGoodSnapshot(of: source))
            removed += snapshot.removed.count
            for item in snapshot.items + snapshot.removed {
                for field in item.fields {
                    kinds.insert(field.value.typeName)
                    if case .list(let values) = field.value { kinds.formUnion(values.map { "list of \($0.typeName)" }) }
                }
            }
        }
        #expect(kinds.isSuperset(of: ["string", "int", "bool", "url", "date", "list"]))
        #expect(removed > 0)
    }

    @Test func theOtherFilesOfAVersion1CacheStillRead() throws {
        let store = CacheStore(root: Fixture.url("cache-v1"), access: .readOnly)
        for source in Self.sources {
            #expect(try store.health(of: source).lastSuccess != nil)
            _ = try store.validators(of: source)
        }
        #expect(try store.runs().count == 2)
        #expect(store.problems.all.isEmpty)
    }
}
