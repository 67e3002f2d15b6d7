import Foundation
import TestSupport
import Testing
import TrawlDates
import TrawlJSON

@testable import TrawlKit

/// Run records, health and the journal through TrawlJSON: files whose format did not change
/// read the same and are written back as the same JSON in `JSONWriter`'s one layout, an error
/// saved as plain text still reads, and a typed error is stored as `{"kind", "message", …}`.
@Suite struct StoreRunRecordJSONTests {
    static let textErrors = Fixture.url("cache-text-errors")

    /// Records and health files written by `JSONEncoder` before, without an error.
    static let unchangedFiles: [String] = {
        var files: [String] = []
        let v1 = Fixture.url("cache-v1")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: v1.appendingPathComponent("runs").path)) ?? []
        {
            files.append("cache-v1/runs/\(name)")
        }
        for source in CacheMigrationTests.sources { files.append("cache-v1/sources/\(source)/health.json") }
        files.append("cache-text-errors/runs/20261202T040000.250Z.shard-2-of-4.json")
        files.append("cache-text-errors/sources/charts/health.json")
        return files.sorted()
    }()

    private func bytes(_ file: String) throws -> Data {
        try Data(contentsOf: Fixture.url(file))
    }

    /// Such a file is written back as the same JSON in the one layout: `"key": value`, where
    /// `JSONEncoder` wrote `"key" : value` and an empty list over two lines.
    @Test(arguments: unchangedFiles)
    func aFileWhoseFormatDidNotChangeIsWrittenBackAsTheSameJSONInTheOneLayout(file: String) throws {
        let data = try bytes(file)
        let rewritten: Data
        if file.hasSuffix("health.json") {
            let health = try CacheStore.decode(Health.self, from: data, path: file).get()
            rewritten = CacheStore.encode(health)
        } else {
            let record = try CacheStore.decode(RunRecord.self, from: data, path: file).get()
            #expect(!record.outcomes.isEmpty)
            rewritten = CacheStore.encode(record)
        }
        #expect(try JSONParser.parse(rewritten) == JSONParser.parse(data))
        #expect(rewritten == Data(JSONWriter.bytes(try JSONParser.parse(rewritten), style: .pretty)))
    }

    @Test func anErrorSavedAsTextReadsAsKindOther() throws {
        let store = CacheStore(root: Self.textErrors, access: .readOnly)
        let run = try #require(try store.run("20261201T040000.125Z"))
        #expect(store.problems.all.isEmpty)
        #expect(run.outcomes.map(\.status) == [.fetched, .notModified, .failed, .guarded, .fetched])
        #expect(
            run.outcomes[2].error
                == OutcomeError(
                    kind: .other,
                    message: "https://blog.example/feed.xml: server error (HTTP 503) (last good snapshot kept)"))
        #expect(run.outcomes[3].error?.kind == .other)
        #expect(
            run.outcomes[3].error?.message.hasPrefix("layout may have changed: 0 items matched \"ul.products") == true)
        #expect(run.outcomes.map(\.isFailure) == [false, false, true, true, false])
        #expect(run.outcomes[0].warnings == ["field 'date' is empty on 9 of 10 items"])

        // Every kind of value the changes hold.
        #expect(run.changes.map(\.kind) == [.changed, .removed, .baseline])
        let chart = try #require(run.changes[0].after)
        #expect(chart.summary == "Line one\nline two \u{1F}/ é 😀")
        #expect(chart.date == DateCodec.parseRFC3339("2026-11-28T00:00:00Z"))
        #expect(
            chart.fields.map(\.value) == [
                .int(40000), .double(12.5), .double(1e20), .bool(true),
                .date(try #require(DateCodec.parseRFC3339("2026-10-01T12:30:00Z"))),
                .url(try #require(URL(string: "https://charts.example/a/b.pdf?x=1&y=2"))),
                .list([.string("atlantic"), .string("maine")]),
            ])
        #expect(run.changes[0].fieldChanges.map(\.old) == [.int(25000), nil])
        #expect(run.changes[2].trackedItems == 3)

        let health = try store.health(of: "blog")
        #expect(health.lastError?.kind == .other)
        #expect(health.lastError?.message.hasSuffix("(HTTP 503) (last good snapshot kept)") == true)
        #expect(health.warnings == ["field 'date' is empty on 9 of 10 items"])
    }

    @Test func aTextErrorIsRewrittenAsAnObjectAndNothingElseChanges() throws {
        let file = "cache-text-errors/runs/20261201T040000.125Z.json"
        let data = try bytes(file)
        let record = try CacheStore.decode(RunRecord.self, from: data, path: file).get()
        let rewritten = CacheStore.encode(record)
        var old = try JSONParser.parse(data)
        var new = try JSONParser.parse(rewritten)
        #expect(
            new["outcomes"]?.arrayValue?[2]["error"]
                == .object([
                    ("kind", .string("other")),
                    (
                        "message",
                        .string("https://blog.example/feed.xml: server error (HTTP 503) (last good snapshot kept)")
                    ),
                ]))
        // Without the errors, the two are the same JSON.
        func withoutErrors(_ json: inout JSONValue) {
            guard case .object(var members) = json.content,
                let index = members.firstIndex(where: { $0.key == "outcomes" }),
                let outcomes = members[index].value.arrayValue
            else { return }
            members[index].value = .array(
                outcomes.map { outcome in .object((outcome.objectValue ?? []).filter { $0.key != "error" }) })
            json = .object(members)
        }
        withoutErrors(&old)
        withoutErrors(&new)
        #expect(old == new)
        #expect(try CacheStore.decode(RunRecord.self, from: rewritten, path: file).get() == record)
    }

    @Test func aTypedErrorIsStoredWithItsKindAndContext() throws {
        let error = OutcomeError(
            kind: .httpStatus, message: "https://example.org/news: not found (HTTP 404) (last good snapshot kept)",
            url: URL(string: "https://example.org/news"), status: 404)
        var record = RunRecord(
            id: "20261201T040000Z", started: Date(timeIntervalSince1970: 1_795_000_000),
            finished: Date(timeIntervalSince1970: 1_795_000_002),
            outcomes: [.init(sourceID: "news", status: .failed, itemCount: 3, error: error)], changes: [])
        record.shard = try Shard(index: 1, count: 2)
        record.positions = [4]
        let text = String(decoding: CacheStore.encode(record), as: UTF8.self)
        #expect(
            text == """
                {
                  "changes": [],
                  "finished": "2026-11-18T11:06:42Z",
                  "id": "20261201T040000Z",
                  "outcomes": [
                    {
                      "error": {
                        "kind": "httpStatus",
                        "message": "https://example.org/news: not found (HTTP 404) (last good snapshot kept)",
                        "status": 404,
                        "url": "https://example.org/news"
                      },
                      "itemCount": 3,
                      "sourceID": "news",
                      "status": "failed"
                    }
                  ],
                  "positions": [
                    4
                  ],
                  "schemaVersion": 1,
                  "shard": {
                    "count": 2,
                    "index": 1
                  },
                  "started": "2026-11-18T11:06:40Z"
                }

                """)
        #expect(try CacheStore.decode(RunRecord.self, from: Data(text.utf8), path: "r.json").get() == record)

        var health = Health()
        health.record(record.outcomes[0], at: record.started)
        let read = try CacheStore.decode(Health.self, from: CacheStore.encode(health), path: "health.json").get()
        #expect(read.lastError == error)
    }

    @Test func contentThatDoesNotFitIsReportedByPathAndPosition() throws {
        let text = """
            {
              "changes" : [],
              "finished" : "2026-11-18T11:06:42Z",
              "id" : "20261201T040000Z",
              "outcomes" : [
                {"itemCount" : 3, "sourceID" : "a", "status" : "fetched"},
                {"itemCount" : 3, "sourceID" : "b", "status" : "exploded"}
              ],
              "schemaVersion" : 1,
              "started" : "2026-11-18T11:06:40Z"
            }
            """
        let result = CacheStore.decode(RunRecord.self, from: Data(text.utf8), path: "runs/x.json")
        guard case .failure(let error) = result else { Issue.record("read a record with an unknown status"); return }
        #expect(
            error.description
                == "runs/x.json: the file is JSON but not what Trawl wrote: outcomes[1].status is 'exploded',"
                + " not one of 'fetched', 'notModified', 'failed', 'guarded' (line 7, column 52)")

        let missing = CacheStore.decode(
            Health.self, from: Data(#"{"schemaVersion": 1, "itemCount": 1, "stale": false}"#.utf8), path: "h.json")
        guard case .failure(let problem) = missing else { Issue.record("read a health without failures"); return }
        #expect(problem.kind == .invalidContent("'consecutiveFailures' is missing (the object at line 1, column 1)"))
    }

    @Test func aJournalLineIsOneSortedLineAndReadsBack() throws {
        let directory = try TemporaryDirectory("journal")
        let journal = RunJournal(url: directory.file("journal.jsonl"))
        let started = Date(timeIntervalSince1970: 1_795_000_000.25)
        try journal.begin(runID: "20261118T081320.250Z", started: started, shard: try Shard(index: 3, count: 4))
        let outcome = RunRecord.Outcome(
            sourceID: "a", status: .guarded, itemCount: 2,
            error: OutcomeError(kind: .layoutGuard, message: "layout may have changed: 0 items matched 'li'"))
        let change = Change(kind: .baseline, sourceID: "a", itemID: "", detectedAt: started, trackedItems: 2)
        let entry = RunJournal.SourceEntry(
            index: 5, outcome: outcome, changes: [change], snapshotDigest: "12-00ff", finished: started)
        try journal.append(source: entry)
        let text = try String(contentsOf: directory.file("journal.jsonl"), encoding: .utf8)
        #expect(
            text == """
                {"begin":{"runID":"20261118T081320.250Z","shard":{"count":4,"index":3},"started":"2026-11-18T11:06:40.250Z"}}
                {"source":{"changes":[{"detectedAt":"2026-11-18T11:06:40.250Z","fieldChanges":[],"itemID":"","kind":"baseline","sourceID":"a","trackedItems":2}],"finished":"2026-11-18T11:06:40.250Z","index":5,"outcome":{"error":{"kind":"guard","message":"layout may have changed: 0 items matched 'li'"},"itemCount":2,"sourceID":"a","status":"guarded"},"snapshotDigest":"12-00ff"}}

                """)
        let read = try #require(try RunJournal.entries(at: directory.file("journal.jsonl")))
        #expect(
            read.begin
                == RunJournal.Begin(
                    runID: "20261118T081320.250Z", started: started, shard: try Shard(index: 3, count: 4)))
        #expect(read.sources == [entry])
    }
}
