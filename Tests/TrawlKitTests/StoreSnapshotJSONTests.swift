import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// The fast snapshot codec writes exactly what `JSONEncoder` writes and reads exactly what
/// `JSONDecoder` reads, so it changes speed and nothing else.
@Suite struct StoreSnapshotJSONTests {
    private func codableBytes(_ snapshot: Snapshot) throws -> Data {
        var data = try CacheStore.encoder.encode(snapshot)
        data.append(0x0A)
        return data
    }

    /// Snapshots with every kind of value, and strings that need escaping.
    static let awkward: [Snapshot] = {
        let strings = [
            "", "plain", "q\"uote\\back/slash", "lines\n\r\ttab\u{8}\u{c}", "\u{1}\u{1f}\u{7f}", "é 😀 \u{2028} 中文",
        ]
        let doubles = [
            0.0, -0.0, 1, 0.1, 1e20, 1e-7, 123_456_789.125, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1e16,
            -2.5,
        ]
        var items: [Item] = []
        for (index, string) in strings.enumerated() {
            items.append(
                Item(
                    id: "id-\(string)", title: string, url: URL(string: "https://example.org/a?q=\(index)&b=%20"),
                    date: Date(timeIntervalSince1970: 1_796_011_200.25 * Double(index)), summary: string,
                    fields: [.init(string, .string(string))]))
        }
        items.append(Item(id: "numbers", title: "n", fields: doubles.map { Item.Field("d\($0)", .double($0)) }))
        items.append(
            Item(
                id: "kinds", title: "k",
                fields: [
                    .init("int", .int(Int.min)), .init("bool", .bool(false)),
                    .init("url", .url(URL(string: "file:///x")!)),
                    .init("date", .date(Date(timeIntervalSince1970: 1_796_011_200.5))),
                    .init("list", .list([.int(1), .list([]), .string("x")])), .init("empty", .list([])),
                ]))
        return [
            Snapshot(
                sourceID: "awkward", takenAt: SnapshotFixtures.night, items: items, removed: Array(items.prefix(2))),
            Snapshot(sourceID: "empty", takenAt: SnapshotFixtures.night, items: []),
        ]
    }()

    @Test(arguments: awkward)
    func writesTheBytesJSONEncoderWrites(snapshot: Snapshot) throws {
        let fast = SnapshotJSON.encode(snapshot)
        let slow = try codableBytes(snapshot)
        #expect(String(decoding: fast, as: UTF8.self) == String(decoding: slow, as: UTF8.self))
    }

    @Test(arguments: awkward)
    func readsWhatJSONDecoderReads(snapshot: Snapshot) throws {
        let data = try codableBytes(snapshot)
        let fast = try #require(SnapshotJSON.decode(data))
        #expect(fast == (try CacheStore.decoder.decode(Snapshot.self, from: data)))
    }

    @Test(arguments: Array(UInt64(1)...50))
    func randomSnapshotsRoundTripIdentically(seed: UInt64) throws {
        let (a, b) = SnapshotFixtures.randomPair(seed: seed)
        for snapshot in [a, Snapshot(sourceID: b.sourceID, takenAt: b.takenAt, items: b.items, removed: a.items)] {
            let data = try codableBytes(snapshot)
            #expect(SnapshotJSON.encode(snapshot) == data)
            #expect(SnapshotJSON.decode(data) == (try CacheStore.decoder.decode(Snapshot.self, from: data)))
        }
    }

    @Test(arguments: [
        "{\"schemaVersion\": 1, \"sourceID\": \"s\", \"takenAt\": \"2026-11-30T04:00:00Z\"}",
        "{\"schemaVersion\": \"1\", \"sourceID\": \"s\", \"takenAt\": \"2026-11-30T04:00:00Z\", \"items\": []}",
        "{\"schemaVersion\": 1, \"sourceID\": \"s\", \"takenAt\": \"then\", \"items\": []}",
        "{\"schemaVersion\": 1, \"sourceID\": \"s\", \"takenAt\": \"2026-11-30T04:00:00Z\", \"items\": [{\"id\": \"a\"}]}",
        "{\"schemaVersion\": 1, \"sourceID\": \"s\", \"takenAt\": \"2026-11-30T04:00:00Z\", \"items\": [], \"removed\": 3}",
        "{\"schemaVersion\": 1, \"sourceID\": \"s\", \"takenAt\": \"2026-11-30T04:00:00Z\", \"items\": [{\"id\": \"a\", "
            + "\"title\": \"t\", \"fields\": [{\"name\": \"n\", \"value\": {\"int\": 1.5}}]}]}",
        "{\"schemaVersion\": 1, \"sourceID\": \"s\", \"takenAt\": \"2026-11-30T04:00:00Z\", \"items\": []",
        "{\"schemaVersion\": 1, \"sourceID\": \"s\\x\", \"takenAt\": \"2026-11-30T04:00:00Z\", \"items\": []}",
    ])
    func anythingUnexpectedIsLeftToTheSlowPath(text: String) {
        #expect(SnapshotJSON.decode(Data(text.utf8)) == nil)
    }

    @Test func escapesAndSurrogatePairsAreRead() throws {
        let text = """
            {"schemaVersion": 1, "sourceID": "\\u0073\\ud83d\\ude00\\n\\/", "takenAt": "2026-11-30T04:00:00Z", "items": []}
            """
        #expect(SnapshotJSON.decode(Data(text.utf8))?.sourceID == "s😀\n/")
    }
}
