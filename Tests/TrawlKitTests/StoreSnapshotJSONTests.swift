import Foundation
import TestSupport
import Testing
import TrawlJSON

@testable import TrawlKit

/// The snapshot codec: schema version 2 round-trips every value, and version 1 (the
/// `Codable` form, tagged values) reads as `JSONDecoder` reads it.
@Suite struct StoreSnapshotJSONTests {
    /// The snapshot as schema version 1 stored it: `Codable`, every value tagged.
    private func version1Bytes(_ snapshot: Snapshot) throws -> Data {
        var old = snapshot
        old.schemaVersion = 1
        var data = try CacheStore.encoder.encode(old)
        data.append(0x0A)
        return data
    }

    private func decode(_ data: Data) throws -> Snapshot {
        try CacheStore.decode(Snapshot.self, from: data, path: "snapshot.json").get()
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
                    .init("tags", .list([.string("a"), .string("b")])),
                ]))
        // The same names with other types: written tagged, read back as they were.
        items.append(
            Item(
                id: "retyped", title: "r",
                fields: [
                    .init("int", .string("not a number")), .init("empty", .list([.date(SnapshotFixtures.night)])),
                    .init("tags", .list([.string("c"), .int(3)])), .init("d1.0", .int(1)),
                ]))
        return [
            Snapshot(
                sourceID: "awkward", takenAt: SnapshotFixtures.night, items: items, removed: Array(items.prefix(2))),
            Snapshot(sourceID: "empty", takenAt: SnapshotFixtures.night, items: []),
        ]
    }()

    @Test(arguments: awkward)
    func everyValueRoundTrips(snapshot: Snapshot) throws {
        let data = SnapshotJSON.encode(snapshot)
        #expect(try decode(data) == snapshot)
        #expect(try JSONParser.parse(data)["schemaVersion"]?.numberValue?.int == 2)
    }

    @Test(arguments: awkward)
    func readsVersion1AsJSONDecoderReadsIt(snapshot: Snapshot) throws {
        let data = try version1Bytes(snapshot)
        var read = try decode(data)
        #expect(read.schemaVersion == 1)
        #expect(read == (try CacheStore.decoder.decode(Snapshot.self, from: data)))
        read.schemaVersion = Snapshot.schemaVersion
        #expect(read == snapshot)
    }

    @Test(arguments: Array(UInt64(1)...50))
    func randomSnapshotsRoundTripIdentically(seed: UInt64) throws {
        let (a, b) = SnapshotFixtures.randomPair(seed: seed)
        for snapshot in [a, Snapshot(sourceID: b.sourceID, takenAt: b.takenAt, items: b.items, removed: a.items)] {
            let data = SnapshotJSON.encode(snapshot)
            #expect(try decode(data) == snapshot)
            #expect(SnapshotJSON.encode(try decode(data)) == data)
        }
    }

    @Test func fieldsArePlainJSONWithTheirTypesOnce() throws {
        let item = Item(
            id: "13312", title: "Blue Hill Bay", url: URL(string: "https://charts.example/13312.pdf"),
            date: SnapshotFixtures.night,
            fields: [
                .init("scale", .int(80000)), .init("tags", .list([.string("a"), .string("b")])),
                .init("edition", .date(SnapshotFixtures.night)), .init("ratio", .double(0.5)),
            ])
        let json = try JSONParser.parse(
            SnapshotJSON.encode(Snapshot(sourceID: "s", takenAt: SnapshotFixtures.night, items: [item])))
        let fields = try #require(json["items"]?.arrayValue?.first?["fields"])
        #expect(fields["scale"] == .int(80000))
        #expect(fields["tags"] == .array([.string("a"), .string("b")]))
        #expect(fields["edition"] == .string("2026-11-30T04:00:00Z"))
        #expect(fields["ratio"]?.numberValue?.text == "0.5")
        #expect(
            json["fieldTypes"]
                == .object([
                    ("scale", .string("int")), ("tags", .string("list of string")), ("edition", .string("date")),
                    ("ratio", .string("number")),
                ]))
    }

    @Test(arguments: [
        ("{\"schemaVersion\": 2, \"sourceID\": \"s\", \"takenAt\": \"2026-11-30T04:00:00Z\"}", "'items' is missing"),
        (
            "{\"schemaVersion\": 2, \"sourceID\": \"s\", \"takenAt\": \"then\", \"items\": []}",
            "takenAt is not an RFC 3339 date"
        ),
        (
            "{\"schemaVersion\": 2, \"sourceID\": \"s\", \"takenAt\": \"2026-11-30T04:00:00Z\", \"items\": [{\"id\": \"a\"}]}",
            "'title' is missing in items[0]"
        ),
        (
            "{\"schemaVersion\": 2, \"sourceID\": \"s\", \"takenAt\": \"2026-11-30T04:00:00Z\", \"items\": [], \"removed\": 3}",
            "removed is not an array"
        ),
        (
            "{\"schemaVersion\": 2, \"sourceID\": \"s\", \"takenAt\": \"2026-11-30T04:00:00Z\", \"fieldTypes\": {\"n\": \"int\"}, "
                + "\"items\": [{\"id\": \"a\", \"title\": \"t\", \"fields\": {\"n\": 1.5}}]}",
            "items[0].fields.n is not a whole number"
        ),
        (
            "{\"schemaVersion\": 2, \"sourceID\": \"s\", \"takenAt\": \"2026-11-30T04:00:00Z\", "
                + "\"items\": [{\"id\": \"a\", \"title\": \"t\", \"fields\": {\"n\": 1}}]}",
            "items[0].fields.n has no field type"
        ),
        (
            "{\"schemaVersion\": 1, \"sourceID\": \"s\", \"takenAt\": \"2026-11-30T04:00:00Z\", \"items\": [{\"id\": \"a\", "
                + "\"title\": \"t\", \"fields\": [{\"name\": \"n\", \"value\": {\"int\": 1.5}}]}]}",
            "items[0].fields[0].value.int is not a whole number"
        ),
    ])
    func contentThatDoesNotFitSaysWhere(text: String, message: String) {
        #expect(
            throws: CacheError(path: "snapshot.json", kind: .invalidContent(message)),
            performing: { try decode(Data(text.utf8)) })
    }

    @Test func escapesAndSurrogatePairsAreRead() throws {
        let text = """
            {"schemaVersion": 2, "sourceID": "\\u0073\\ud83d\\ude00\\n\\/", "takenAt": "2026-11-30T04:00:00Z", "items": []}
            """
        #expect(try decode(Data(text.utf8)).sourceID == "s😀\n/")
    }
}
