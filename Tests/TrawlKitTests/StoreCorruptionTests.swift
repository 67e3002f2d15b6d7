import Foundation
import TestSupport
import Testing

@testable import TrawlKit

@Suite struct StoreCorruptionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var contents: String
        var kind: CacheError.Kind
        var message: String
        var testDescription: String { name }
    }

    static let goodSnapshot = """
        {"schemaVersion": 1, "sourceID": "charts", "takenAt": "2026-11-30T04:00:00Z", "items": []}
        """

    static let cases: [Case] = [
        Case(
            name: "empty", contents: "", kind: .empty,
            message: "the file is empty"),
        Case(
            name: "only white space", contents: "  \n", kind: .empty,
            message: "the file is empty"),
        Case(
            name: "truncated", contents: String(goodSnapshot.prefix(40)), kind: .truncated(bytes: 40),
            message: "the file is truncated: its JSON stops after 40 bytes, in the middle of a value"),
        Case(
            name: "corrupt", contents: "{\n  \"schemaVersion\": 1,\n  \"items\" = []\n}",
            kind: .corrupt(offset: 34, line: 3, column: 11, found: "'='", expected: "':'"),
            message: "the file is not valid JSON: line 3, column 11 (byte 34) has '=' where ':' should be"),
        Case(
            name: "zeros left by a crash", contents: "\0\0\0\0",
            kind: .corrupt(offset: 0, line: 1, column: 1, found: "byte 0x00", expected: "a value"),
            message: "the file is not valid JSON: line 1, column 1 (byte 0) has byte 0x00 where a value should be"),
        Case(
            name: "newer schema",
            contents: goodSnapshot.replacingOccurrences(of: "\"schemaVersion\": 1", with: "\"schemaVersion\": 3"),
            kind: .wrongSchema(found: 3, expected: 2),
            message: "the file has schema version 3, but this Trawl reads version 2 (written by a newer Trawl?)"),
        Case(
            name: "newer schema of another shape", contents: "{\"schemaVersion\": 4, \"entries\": {}}",
            kind: .wrongSchema(found: 4, expected: 2),
            message: "the file has schema version 4, but this Trawl reads version 2 (written by a newer Trawl?)"),
        Case(
            name: "no schema version", contents: "{\"sourceID\": \"charts\", \"items\": []}",
            kind: .wrongSchema(found: nil, expected: 2),
            message: "the file has no schema version; this Trawl reads version 2"),
        Case(
            name: "missing field", contents: "{\"schemaVersion\": 1, \"sourceID\": \"charts\", \"items\": []}",
            kind: .invalidContent("'takenAt' is missing"),
            message: "the file is JSON but not what Trawl wrote: 'takenAt' is missing"),
        Case(
            name: "wrong type deep inside",
            contents: goodSnapshot.replacingOccurrences(
                of: "\"items\": []", with: "\"items\": [{\"id\": 5, \"title\": \"x\", \"fields\": []}]"),
            kind: .invalidContent("items[0].id is not a string"),
            message: "the file is JSON but not what Trawl wrote: items[0].id is not a string"),
    ]

    @Test(arguments: cases)
    func unusableSnapshotIsMovedAsideReportedAndTheSourceTreatedAsNew(_ example: Case) throws {
        let directory = try TemporaryDirectory("store-corrupt")
        let store = CacheStore(root: directory.url, clock: .fixed(SnapshotFixtures.night))
        let file = store.snapshotFile(of: "charts")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(example.contents.utf8).write(to: file)

        #expect(try store.lastGoodSnapshot(of: "charts") == nil)

        let problem = try #require(store.problems.all.first)
        #expect(store.problems.all.count == 1)
        #expect(problem.error.kind == example.kind)
        #expect(problem.error.reason == example.message)
        let aside = file.deletingLastPathComponent().appendingPathComponent("snapshot.json.corrupt-20261130T040000Z")
        #expect(problem.movedTo == aside.path)
        #expect(try Data(contentsOf: aside) == Data(example.contents.utf8))
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(
            problem.description
                == "\(file.path): \(example.message); moved aside to snapshot.json.corrupt-20261130T040000Z; "
                + "the source is treated as new (its next scrape is a baseline)")
    }

    @Test func aSecondBadFileInTheSameSecondDoesNotOverwriteTheFirst() throws {
        let directory = try TemporaryDirectory("store-corrupt")
        let store = CacheStore(root: directory.url, clock: .fixed(SnapshotFixtures.night))
        let file = store.healthFile(of: "charts")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        for contents in ["{", "["] {
            try Data(contents.utf8).write(to: file)
            #expect(try store.health(of: "charts") == Health())
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path).sorted()
        #expect(names == ["health.json.corrupt-20261130T040000Z", "health.json.corrupt-20261130T040000Z-2"])
    }

    @Test func oneBadSourceLeavesTheOthersReadable() throws {
        let directory = try TemporaryDirectory("store-corrupt")
        let store = CacheStore(root: directory.url)
        try store.save(SnapshotFixtures.snapshot([SnapshotFixtures.chart(1)], source: "good"))
        try store.save(SnapshotFixtures.snapshot([SnapshotFixtures.chart(1)], source: "bad"))
        try Data("{\"schema".utf8).write(to: store.snapshotFile(of: "bad"))

        #expect(try store.lastGoodSnapshot(of: "bad") == nil)
        #expect(try store.lastGoodSnapshot(of: "good")?.items.count == 1)
        #expect(store.problems.all.map(\.error.path) == [store.snapshotFile(of: "bad").path])
    }

    @Test func badRunRecordIsSkippedAndTheRestRead() throws {
        let directory = try TemporaryDirectory("store-corrupt")
        let store = CacheStore(root: directory.url)
        let time = SnapshotFixtures.night
        try store.save(RunRecord(id: "20261130T040000Z", started: time, finished: time, outcomes: [], changes: []))
        try AtomicFile.write(Data("{\"schemaVersion\": 1, \"id\": ".utf8), to: store.runFile("20261201T040000Z"))
        #expect(try store.runs().map(\.id) == ["20261130T040000Z"])
        #expect(try store.latestRun()?.id == "20261130T040000Z")
        #expect(store.problems.all.first?.consequence == "the run record is skipped")
    }

    @Test func readOnlyStoreReportsButLeavesTheFileInPlace() throws {
        let directory = try TemporaryDirectory("store-corrupt")
        let store = CacheStore(root: directory.url, access: .readOnly)
        let file = store.snapshotFile(of: "charts")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: file)
        #expect(try store.lastGoodSnapshot(of: "charts") == nil)
        #expect(FileManager.default.fileExists(atPath: file.path))
        #expect(
            store.problems.all.first?.description
                == "\(file.path): the file is empty; ignored (the next run moves it aside)")
    }

    @Test func httpValidatorsFromBeforeSchemaVersionsAreReportedNotTrusted() throws {
        let directory = try TemporaryDirectory("store-corrupt")
        let store = CacheStore(root: directory.url)
        let file = store.validatorsFile(of: "charts")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"https://a.example/\": {\"etag\": \"x\"}}".utf8).write(to: file)
        #expect(try store.validators(of: "charts").isEmpty)
        #expect(store.problems.all.first?.error.kind == .wrongSchema(found: nil, expected: 1))
        #expect(store.problems.all.first?.consequence == "its next fetch is unconditional")
    }
}
