import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// `http.json` and `downloads.json`, read and written through TrawlJSON.
@Suite struct StoreSmallFileTests {
    let directory: TemporaryDirectory
    let store: CacheStore

    init() throws {
        directory = try TemporaryDirectory("store-small-files")
        store = CacheStore(root: directory.url)
    }

    @Test func validatorsAreWrittenSortedAndReadBack() throws {
        let validators = [
            "https://b.example/": HTTPValidators(lastModified: "Sun, 06 Nov 1994 08:49:37 GMT"),
            "https://a.example/list": HTTPValidators(etag: "\"v1\""),
        ]
        #expect(try store.save(validators: validators, of: "charts"))
        let text = try String(contentsOf: store.validatorsFile(of: "charts"), encoding: .utf8)
        #expect(
            text == """
                {
                  "schemaVersion": 1,
                  "validators": {
                    "https://a.example/list": {
                      "etag": "\\"v1\\""
                    },
                    "https://b.example/": {
                      "lastModified": "Sun, 06 Nov 1994 08:49:37 GMT"
                    }
                  }
                }

                """)
        #expect(try store.validators(of: "charts") == validators)
        #expect(try store.save(validators: validators, of: "charts") == false, "the same bytes are not written again")
    }

    @Test func aFileInTheEarlierLayoutReadsTheSame() throws {
        // As `JSONEncoder` wrote it in 0.1: slashes escaped.
        let old = """
            {
              "schemaVersion" : 1,
              "validators" : {
                "https:\\/\\/a.example\\/list" : {
                  "etag" : "\\"v1\\""
                }
              }
            }
            """
        try FileManager.default.createDirectory(
            at: store.validatorsFile(of: "charts").deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(old.utf8).write(to: store.validatorsFile(of: "charts"))
        #expect(try store.validators(of: "charts") == ["https://a.example/list": HTTPValidators(etag: "\"v1\"")])
        #expect(store.problems.all.isEmpty)
    }

    @Test func theNotificationLedgerRoundTripsWithItsDates() throws {
        var ledger = NotificationLedger()
        ledger.notifiers["all webhook https://hooks.example.org/x"] = .init(
            name: "webhook https://hooks.example.org/x", pending: ["20261201T040000.000Z"],
            delivered: ["20261130T040000.000Z"], lastAttempt: Date(timeIntervalSince1970: 1_796_011_200.5),
            lastDelivered: nil, lastError: "HTTP 503 after 3 attempts", failures: 2)
        try ledger.write(to: store)
        #expect(try NotificationLedger.read(from: store) == ledger)
        let text = try String(contentsOf: NotificationLedger.file(in: store), encoding: .utf8)
        #expect(text.contains(#""lastAttempt": "2026-11-30T04:00:00.500Z""#))
        #expect(!text.contains("lastDelivered"), "an absent value is left out")
    }

    @Test func downloadRecordsRoundTripAndWrongContentNamesItsPath() throws {
        let records = [
            "chart.pdf": DownloadRecord(
                url: "https://example.org/chart.pdf", etag: "\"e\"", lastModified: nil, size: 5_000_000_000,
                complete: true),
            "part.pdf": DownloadRecord(url: "https://example.org/part.pdf", size: nil, complete: false),
        ]
        try store.save(downloadRecords: records, of: "charts")
        #expect(try store.downloadRecords(of: "charts") == records)
        let text = try String(contentsOf: store.downloadsFile(of: "charts"), encoding: .utf8)
        #expect(text.contains(#""size": 5000000000,"#))

        try Data(text.replacingOccurrences(of: "5000000000", with: "\"big\"").utf8)
            .write(to: store.downloadsFile(of: "charts"))
        #expect(try store.downloadRecords(of: "charts").isEmpty)
        let problem = try #require(store.problems.all.first)
        #expect(
            problem.error.reason.hasPrefix(
                "the file is JSON but not what Trawl wrote: files.chart.pdf.size is not a number (line "))
        #expect(problem.movedTo != nil)
    }
}
