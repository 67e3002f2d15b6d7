import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// `trawl download` against Trawl's static file server on 127.0.0.1, which answers ranges
/// and validators as a real web server does.
@Suite struct DownloadTests {
    struct Setup {
        let directory: TemporaryDirectory
        let files: RecordingFileServer
        let configuration: Configuration

        init(items: [(id: String, file: String)], contents: [String: Data]) throws {
            directory = try TemporaryDirectory("trawl-download")
            files = try RecordingFileServer(folder: directory.file("remote"))
            for (name, data) in contents {
                try data.write(to: files.folder.appendingPathComponent(name))
            }
            var source = SourceConfiguration(
                id: "charts", kind: .table, url: URL(string: "https://charts.example.org/")!, download: "url")
            source.fields = [FieldRule(name: "url", type: .url)]
            configuration = Configuration(
                file: directory.file("trawl.json"), site: SiteSettings(title: "t"),
                outputDirectory: directory.file("Output"), cacheDirectory: directory.file("Cache"),
                fetch: FetchSettings(delay: .zero), sources: [source])
            let snapshot = Snapshot(
                sourceID: "charts", takenAt: Date(timeIntervalSince1970: 0),
                items: items.map {
                    Item(id: $0.id, title: $0.id, url: URL(string: $0.file, relativeTo: files.url(""))?.absoluteURL)
                })
            try CacheStore(root: configuration.cacheDirectory).save(snapshot)
        }

        var mirror: FileMirror { FileMirror(configuration: configuration) }

        func mirrored(_ name: String) throws -> Data {
            try Data(contentsOf: configuration.outputDirectory.appendingPathComponent("files/charts/\(name)"))
        }
    }

    static let pdf = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })

    @Test func mirrorsEachFileThenSkipsTheCompleteOnes() async throws {
        let setup = try Setup(
            items: [("13260", "13260.pdf"), ("13274", "13274.pdf")],
            contents: ["13260.pdf": Self.pdf, "13274.pdf": Data("small".utf8)])
        let first = try await setup.mirror.mirror { _ in }
        #expect(first.downloaded == 2)
        #expect(first.failed == 0)
        #expect(try setup.mirrored("13260.pdf") == Self.pdf)
        #expect(try setup.mirrored("13274.pdf") == Data("small".utf8))
        #expect(setup.mirror.completeFiles(of: "charts").keys.sorted() == ["13260", "13274"])

        let requestsBefore = setup.files.requests.count
        let second = try await setup.mirror.mirror { _ in }
        #expect(second.skipped == 2)
        #expect(second.downloaded == 0)
        #expect(setup.files.requests.count == requestsBefore)
    }

    @Test func aPartialFileResumesWithARangeRequest() async throws {
        let setup = try Setup(items: [("13260", "13260.pdf")], contents: ["13260.pdf": Self.pdf])
        // A first attempt that stopped halfway: the part file and the version it belongs to.
        let first = try await setup.mirror.mirror { _ in }
        #expect(first.downloaded == 1)
        let store = CacheStore(root: setup.configuration.cacheDirectory)
        var records = try store.downloadRecords(of: "charts")
        records["13260.pdf"]?.complete = false
        try store.save(downloadRecords: records, of: "charts")
        let destination = setup.configuration.outputDirectory.appendingPathComponent("files/charts/13260.pdf")
        try Self.pdf.prefix(80_000).write(to: destination.appendingPathExtension("part"))
        try FileManager.default.removeItem(at: destination)

        let resumed = try await setup.mirror.mirror { _ in }
        #expect(resumed.downloaded == 1)
        #expect(resumed.bytes == Int64(Self.pdf.count - 80_000))
        #expect(try setup.mirrored("13260.pdf") == Self.pdf)
        let last = try #require(setup.files.requests.last)
        #expect(last.range == "bytes=80000-")
        #expect(last.status == 206)
    }

    @Test func hostileNamesStayInsideTheSourceFolderAndNeverClobber() {
        let items = [
            Item(id: "a", title: "a", url: URL(string: "https://x.example/a/..%2F..%2Fetc%2Fpasswd")),
            Item(id: "b", title: "b", url: URL(string: "https://x.example/one/chart.pdf")),
            Item(id: "c", title: "c", url: URL(string: "https://x.example/two/chart.pdf")),
            Item(id: "d", title: "d", url: URL(string: "https://x.example/.hidden")),
            Item(id: "e", title: "e", url: URL(string: "javascript:alert(1)")),
        ]
        let names = FileNaming.files(sourceID: "charts", field: "url", items: items).map(\.fileName)
        #expect(names == ["_.._etc_passwd", "chart.pdf", "chart-2.pdf", "hidden"])
        #expect(names.allSatisfy { !$0.contains("/") && !$0.hasPrefix(".") })
    }

    @Test func aMissingFileFailsAloneAndTheOthersAreMirrored() async throws {
        let setup = try Setup(
            items: [("1", "gone.pdf"), ("2", "here.pdf")], contents: ["here.pdf": Data("here".utf8)])
        let failures = FailureLog()
        let summary = try await setup.mirror.mirror { event in
            if case .failed(let file, let error) = event { failures.append("\(file.fileName): \(error)") }
        }
        #expect(summary.downloaded == 1)
        #expect(summary.failed == 1)
        #expect(failures.all.count == 1)
        #expect(failures.all.first?.contains("gone.pdf") == true)
        #expect(failures.all.first?.contains("HTTP 404") == true)
        #expect(try setup.mirrored("here.pdf") == Data("here".utf8))
    }

    @Test func robotsTxtIsObeyedForMirrorsToo() async throws {
        let setup = try Setup(
            items: [("1", "private-chart.pdf"), ("2", "open.pdf")],
            contents: [
                "robots.txt": Data("User-agent: *\nDisallow: /private\n".utf8),
                "private-chart.pdf": Data("secret".utf8), "open.pdf": Data("open".utf8),
            ])
        let failures = FailureLog()
        let summary = try await setup.mirror.mirror { event in
            if case .failed(let file, let error) = event { failures.append("\(file.fileName): \(error)") }
        }
        #expect(summary.downloaded == 1)
        #expect(
            failures.all == [
                "private-chart.pdf: \(setup.files.url("private-chart.pdf").absoluteString): disallowed by robots.txt"
            ])
        #expect(!setup.files.requests.contains { $0.path == "/private-chart.pdf" })
    }

    /// Lines gathered from concurrently running code.
    final class Log<Entry>: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [Entry] = []
        func append(_ entry: Entry) { lock.withLock { entries.append(entry) } }
        var all: [Entry] { lock.withLock { entries } }
    }

    typealias FailureLog = Log<String>
}
