import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// `trawl download` through the fetcher, against a scripted loopback server: only whole,
/// verified files are kept; the fetcher's robots, retry and time rules hold; only http(s)
/// links are followed.
@Suite struct DownloadSafetyTests {
    struct Setup {
        let directory: TemporaryDirectory
        let server: FixtureServer
        let configuration: Configuration

        init(
            links: [String], fetch: FetchSettings = FetchSettings(delay: .zero), request: RequestOptions? = nil
        ) throws {
            directory = try TemporaryDirectory("trawl-download-safety")
            server = try FixtureServer()
            // With request options, the source's page is on the same server as its files.
            var source = SourceConfiguration(
                id: "charts", kind: .table,
                url: request == nil ? URL(string: "https://charts.example.org/")! : server.url("/list"),
                download: "url")
            source.fields = [FieldRule(name: "url", type: .url)]
            if let request { source.request = request }
            configuration = Configuration(
                file: directory.file("trawl.json"), site: SiteSettings(title: "t"),
                outputDirectory: directory.file("Output"), cacheDirectory: directory.file("Cache"),
                fetch: fetch, sources: [source])
            let server = self.server
            let items = links.enumerated().map { index, link in
                Item(
                    id: "item-\(index)", title: link,
                    url: link.contains(":") ? URL(string: link) : server.url(link))
            }
            try CacheStore(root: configuration.cacheDirectory).save(
                Snapshot(sourceID: "charts", takenAt: Date(timeIntervalSince1970: 0), items: items))
        }

        var mirror: FileMirror { FileMirror(configuration: configuration) }

        func path(_ name: String) -> URL {
            configuration.outputDirectory.appendingPathComponent("files/charts/\(name)")
        }

        func mirrorCollectingErrors() async throws -> (FileMirror.Summary, [String]) {
            let messages = Messages()
            let summary = try await mirror.mirror { event in
                switch event {
                case .failed(_, let error): messages.append("\(error)")
                case .refused(_, let error): messages.append("\(error)")
                default: break
                }
            }
            return (summary, messages.all)
        }
    }

    /// Letters only, so any slice of it can go out as a scripted text body.
    static let pdf = Data((0..<1_000).map { UInt8(65 + $0 % 26) })

    @Test func aPartialAnswerToAPlainRequestIsNotSavedAsTheWholeFile() async throws {
        let setup = try Setup(links: ["/chart.pdf"])
        setup.server.route(
            "/chart.pdf",
            .status(206, headers: ["Content-Range": "bytes 0-99/1000"], body: String(repeating: "x", count: 100)))
        let (summary, errors) = try await setup.mirrorCollectingErrors()
        #expect(summary.failed == 1)
        #expect(!FileManager.default.fileExists(atPath: setup.path("chart.pdf").path))
        #expect(setup.mirror.completeFiles(of: "charts").isEmpty)
        #expect(errors.first?.contains("206 Partial Content") == true)
    }

    @Test func aResumeWhoseRangeDoesNotContinueThePartIsNotAppended() async throws {
        let setup = try Setup(links: ["/chart.pdf"])
        let url = setup.server.url("/chart.pdf")
        let store = CacheStore(root: setup.configuration.cacheDirectory)
        try store.save(
            downloadRecords: [
                "chart.pdf": DownloadRecord(url: url.absoluteString, etag: "\"v1\"", size: 1_000, complete: false)
            ], of: "charts")
        try FileManager.default.createDirectory(
            at: setup.path("").deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: setup.path(""), withIntermediateDirectories: true)
        try Self.pdf.prefix(500).write(to: setup.path("chart.pdf.part"))
        // Asked for bytes 500-, the server sends the start of the file again as a 206.
        setup.server.route(
            "/chart.pdf",
            .status(
                206, headers: ["Content-Range": "bytes 0-499/1000", "ETag": "\"v1\""],
                body: String(repeating: "y", count: 500)))
        let (summary, errors) = try await setup.mirrorCollectingErrors()
        #expect(setup.server.requests(to: "/chart.pdf").first?.headers["Range"] == "bytes=500-")
        #expect(summary.failed == 1)
        #expect(!FileManager.default.fileExists(atPath: setup.path("chart.pdf").path))
        #expect(try Data(contentsOf: setup.path("chart.pdf.part")) == Self.pdf.prefix(500))
        #expect(errors.first?.contains("does not continue the partial file") == true)
    }

    @Test func aResumeThatContinuesThePartCompletesTheFile() async throws {
        let setup = try Setup(links: ["/chart.pdf"])
        let url = setup.server.url("/chart.pdf")
        try CacheStore(root: setup.configuration.cacheDirectory).save(
            downloadRecords: [
                "chart.pdf": DownloadRecord(url: url.absoluteString, etag: "\"v1\"", size: 1_000, complete: false)
            ], of: "charts")
        try FileManager.default.createDirectory(at: setup.path(""), withIntermediateDirectories: true)
        try Self.pdf.prefix(500).write(to: setup.path("chart.pdf.part"))
        setup.server.route(
            "/chart.pdf",
            .status(
                206, headers: ["Content-Range": "bytes 500-999/1000", "ETag": "\"v1\""],
                body: String(decoding: Self.pdf.suffix(500), as: UTF8.self)))
        let (summary, _) = try await setup.mirrorCollectingErrors()
        #expect(summary.downloaded == 1)
        #expect(try Data(contentsOf: setup.path("chart.pdf")) == Self.pdf)
        #expect(setup.mirror.completeFiles(of: "charts").keys.sorted() == ["item-0"])
    }

    @Test func aPartTheServerCannotContinueIsFetchedAfreshOnce() async throws {
        let setup = try Setup(links: ["/chart.pdf"])
        let url = setup.server.url("/chart.pdf")
        try CacheStore(root: setup.configuration.cacheDirectory).save(
            downloadRecords: [
                "chart.pdf": DownloadRecord(url: url.absoluteString, etag: "\"v1\"", size: 1_000, complete: false)
            ], of: "charts")
        try FileManager.default.createDirectory(at: setup.path(""), withIntermediateDirectories: true)
        try Data(repeating: 0, count: 2_000).write(to: setup.path("chart.pdf.part"))
        setup.server.route(
            "/chart.pdf", .status(416, headers: ["Content-Range": "bytes */1000"]), .bytes(Self.pdf))
        let (summary, _) = try await setup.mirrorCollectingErrors()
        #expect(summary.downloaded == 1)
        #expect(try Data(contentsOf: setup.path("chart.pdf")) == Self.pdf)
        let requests = setup.server.requests(to: "/chart.pdf")
        #expect(requests.map { $0.headers["Range"] } == ["bytes=2000-", nil])
    }

    @Test func downloadsCarryTheSourcesCookiesAndHeadersToItsOwnOrigin() async throws {
        var request = RequestOptions()
        request.headers["X-Api-Key"] = "key-1"
        request.cookies = [Cookie(domain: "127.0.0.1", name: "session", value: "s-1")]
        request.method = "POST"
        request.body = Data("q=1".utf8)
        let setup = try Setup(links: ["/chart.pdf"], request: request)
        setup.server.route("/chart.pdf", .bytes(Self.pdf))
        let (summary, _) = try await setup.mirrorCollectingErrors()
        #expect(summary.downloaded == 1)
        let sent = try #require(setup.server.requests(to: "/chart.pdf").first)
        #expect(sent.method == "GET")
        #expect(sent.headers["X-Api-Key"] == "key-1")
        #expect(sent.headers["Cookie"] == "session=s-1")
    }

    @Test func anEndlessBodyStopsAtTheCapAndIsNotKept() async throws {
        // The download cap is 50 × fetch.maxBytes: 1 MB here.
        let setup = try Setup(links: ["/endless.bin"], fetch: FetchSettings(delay: .zero, maxBytes: 20_000))
        setup.server.route(
            "/endless.bin", .drip(chunks: 1_000_000, chunkSize: 16_384, interval: .zero, declareLength: false))
        let (summary, errors) = try await setup.mirrorCollectingErrors()
        #expect(summary.failed == 1)
        #expect(!FileManager.default.fileExists(atPath: setup.path("endless.bin").path))
        #expect(!FileManager.default.fileExists(atPath: setup.path("endless.bin.part").path))
        #expect(errors.first?.contains("larger than") == true)
    }

    @Test func theTimeoutIsADeadlineForTheWholeDownload() async throws {
        // Downloads get 60 × fetch.timeout: 1.2 s here, against a body that takes 3 s.
        let fetch = FetchSettings(
            delay: .zero, timeout: .milliseconds(20), connectTimeout: .seconds(5),
            retry: RetryPolicy(maxAttempts: 1))
        let setup = try Setup(links: ["/slow.bin"], fetch: fetch)
        setup.server.route("/slow.bin", .drip(chunks: 10, chunkSize: 100, interval: .milliseconds(300)))
        let (summary, errors) = try await setup.mirrorCollectingErrors()
        #expect(summary.failed == 1)
        #expect(errors.first?.contains("timed out") == true)
    }

    @Test func aScrapedFileLinkIsRefusedWithAWarning() async throws {
        let setup = try Setup(links: ["file:///etc/passwd", "/chart.pdf"])
        setup.server.route("/chart.pdf", .bytes(Self.pdf))
        let (summary, errors) = try await setup.mirrorCollectingErrors()
        #expect(summary.refused == 1)
        #expect(summary.downloaded == 1)
        #expect(!FileManager.default.fileExists(atPath: setup.path("passwd").path))
        #expect(errors.first?.contains("only http and https links are downloaded") == true)
    }

    @Test func robotsTxtIsAskedAtEveryRedirectHop() async throws {
        let setup = try Setup(links: ["/chart.pdf"])
        setup.server.route("/robots.txt", .ok("User-agent: *\nDisallow: /private/\n", contentType: "text/plain"))
        setup.server.route("/chart.pdf", .redirect(to: "/private/chart.pdf"))
        setup.server.route("/private/chart.pdf", .bytes(Self.pdf))
        let (summary, errors) = try await setup.mirrorCollectingErrors()
        #expect(summary.failed == 1)
        #expect(setup.server.requestCount("/private/chart.pdf") == 0)
        #expect(errors.first?.contains("disallowed by robots.txt") == true)
    }

    @Test func aBusyServerIsRetriedAfterItsRetryAfter() async throws {
        let setup = try Setup(links: ["/chart.pdf"])
        setup.server.route("/chart.pdf", .status(503, headers: ["Retry-After": "0"]), .bytes(Self.pdf))
        let (summary, _) = try await setup.mirrorCollectingErrors()
        #expect(summary.downloaded == 1)
        #expect(setup.server.requestCount("/chart.pdf") == 2)
        #expect(try Data(contentsOf: setup.path("chart.pdf")) == Self.pdf)
    }
}

private final class Messages: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    func append(_ message: String) { lock.withLock { messages.append(message) } }
    var all: [String] { lock.withLock { messages } }
}
