import Foundation
import TestSupport
import Testing
import TrawlJSON

@testable import TrawlKit

/// The one-pass snapshot reader (`SnapshotJSON.read`) against the tree reader
/// (`SnapshotJSON.decode` of a parsed `JSONValue`): it reads every snapshot Trawl writes,
/// and whatever it reads the tree reads the same; what it declines the tree still reads.
@Suite struct StoreSnapshotStreamingTests {
    private func read(_ data: Data) -> Snapshot? {
        data.withUnsafeBytes { SnapshotJSON.read($0) }
    }

    /// The tree's answer: the snapshot, or nil for an error.
    private func readThroughTheTree(_ data: Data) -> Snapshot? {
        guard let json = try? JSONParser.parse(data), let version = SnapshotJSON.version(of: json),
            SnapshotJSON.readableVersions.contains(version)
        else { return nil }
        return try? SnapshotJSON.decode(json, version: version)
    }

    @Test(arguments: StoreSnapshotJSONTests.awkward)
    func everySnapshotTrawlWritesIsReadInOnePass(snapshot: Snapshot) throws {
        let data = SnapshotJSON.encode(snapshot)
        #expect(read(data) == snapshot)
    }

    @Test(arguments: Array(UInt64(1)...30))
    func randomSnapshotsAreReadInOnePass(seed: UInt64) throws {
        let (a, b) = SnapshotFixtures.randomPair(seed: seed)
        for snapshot in [a, Snapshot(sourceID: b.sourceID, takenAt: b.takenAt, items: b.items, removed: a.items)] {
            #expect(read(SnapshotJSON.encode(snapshot)) == snapshot)
        }
    }

    /// Bytes changed, dropped or repeated in a written snapshot: the one-pass reader gives
    /// what the tree gives, or declines.
    @Test(arguments: Array(UInt64(1)...20))
    func mutatedSnapshotsReadAsTheTreeReadsThem(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let original = Array(SnapshotJSON.encode(StoreSnapshotJSONTests.awkward[0]))
        let alphabet = Array("{}[],:\"\\ 0123456789.-eEtrufalsn{\"int\":1}[\"x\"]".utf8) + [0xC3, 0xFF]
        var agreed = 0
        for _ in 0..<100 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[at] = alphabet.randomElement(using: &random)!
                case 1: bytes.remove(at: at)
                default: bytes.insert(bytes[at], at: at)
                }
            }
            let data = Data(bytes)
            guard let snapshot = read(data) else { continue }
            #expect(readThroughTheTree(data) == snapshot, "\(String(decoding: bytes, as: UTF8.self))")
            agreed += 1
        }
        // Most single-byte changes inside strings still read: the comparison is not empty.
        #expect(agreed > 3)
    }

    @Test func keysInAnotherOrderAreLeftToTheTree() throws {
        let text = """
            {"items": [{"id": "a", "title": "t", "fields": {"n": 1}}], "fieldTypes": {"n": "int"},
             "schemaVersion": 2, "takenAt": "2026-11-30T04:00:00Z", "sourceID": "s"}
            """
        let data = Data(text.utf8)
        #expect(read(data) == nil)
        let snapshot = try CacheStore.decode(Snapshot.self, from: data, path: "snapshot.json").get()
        #expect(snapshot.items.first?.fields == [Item.Field("n", .int(1))])
    }

    @Test func version1IsLeftToTheTree() throws {
        var old = StoreSnapshotJSONTests.awkward[0]
        old.schemaVersion = 1
        let data = try CacheStore.encoder.encode(old)
        #expect(read(data) == nil)
        #expect(try CacheStore.decode(Snapshot.self, from: data, path: "snapshot.json").get().items == old.items)
    }

    @Test func aBrokenFileIsReportedAsTheTreeReportsIt() {
        var bytes = Array(SnapshotJSON.encode(StoreSnapshotJSONTests.awkward[0]))
        bytes.removeLast(40)
        #expect(read(Data(bytes)) == nil)
        #expect(
            throws: CacheError(path: "snapshot.json", kind: .truncated(bytes: bytes.count)),
            performing: { try CacheStore.decode(Snapshot.self, from: Data(bytes), path: "snapshot.json").get() })
    }
}
