import Foundation
import TestSupport
import Testing
import TrawlJSON

@testable import TrawlKit

/// A source's failure is kept as data: its kind and context come from the error's type,
/// never from its wording, and reach the run record, health and health events.
@Suite struct OutcomeErrorTests {
    static let url = URL(string: "https://example.org/news")!

    static let cases: [(error: any Error & Sendable, kind: OutcomeError.Kind)] = [
        (FetchError.unreachable(url, reason: "connection refused"), .network),
        (FetchError.timedOut(url), .timeout),
        (FetchError.notFound(url, status: 410), .httpStatus),
        (FetchError.serverError(url, status: 503), .httpStatus),
        (FetchError.requestFailed(url, status: 429), .httpStatus),
        (FetchError.tooLarge(url, limit: 10), .tooLarge),
        (FetchError.disallowedByRobots(url), .robots),
        (FetchError.robotsUnreachable(url, reason: "HTTP 500"), .robots),
        (FetchError.tooManyRedirects(url, limit: 5), .network),
        (FetchError.insecureRedirect(url, to: URL(string: "http://example.org/")!), .network),
        (FetchError.unsupportedScheme(URL(string: "ftp://example.org/")!), .configuration),
        (FetchError.unreadableFile(URL(fileURLWithPath: "/tmp/page.html"), reason: "no such file"), .file),
        (FetchError.invalidResponse(url, reason: "body cut short"), .network),
        (RenderError.browserExited(url), .browser),
        (RenderError.timedOut(url, seconds: 30), .timeout),
        (RenderError.neverSettled(url, seconds: 30), .timeout),
        (RenderError.selectorNeverAppeared(url, selector: ".item", seconds: 5), .selector),
        (RenderError.tooLarge(url, limit: 10), .tooLarge),
        (ScrapeError.layoutChanged("0 items matched 'li'"), .layoutGuard),
        (ScrapeError.tableNotFound(header: ["Name", "Scale"], url: url), .layoutGuard),
        (ScrapeError.unreadableFeed(url, reason: "not a feed"), .parse),
        (CacheError(path: "/cache/sources/a/snapshot.json", kind: .unwritable("disk full")), .disk),
        (CancellationError(), .stopped),
        (UsageError("something else"), .other),
    ]

    @Test(arguments: cases.indices)
    func eachErrorThePipelineMakesHasItsKind(index: Int) {
        let (error, kind) = Self.cases[index]
        let classified = OutcomeError(classifying: error, message: "\(error) (last good snapshot kept)")
        #expect(classified.kind == kind)
        #expect(classified.message == "\(error) (last good snapshot kept)")
        #expect(classified.isGuard == (kind == .layoutGuard))
    }

    @Test func theContextIsKeptAsData() {
        let status = OutcomeError(classifying: FetchError.serverError(Self.url, status: 503), message: "")
        #expect(status.url == Self.url)
        #expect(status.status == 503)
        let selector = OutcomeError(
            classifying: RenderError.selectorNeverAppeared(Self.url, selector: "ul > li", seconds: 5), message: "")
        #expect(selector.selector == "ul > li")
        #expect(selector.url == Self.url)
        let table = OutcomeError(
            classifying: ScrapeError.tableNotFound(header: ["Name", "Scale"], url: Self.url), message: "")
        #expect(table.selector == "Name, Scale")
        let disk = OutcomeError(
            classifying: CacheError(path: "/cache/a.json", kind: .unwritable("disk full")), message: "")
        #expect(disk.path == "/cache/a.json")
        let file = OutcomeError(
            classifying: FetchError.unreadableFile(URL(fileURLWithPath: "/tmp/page.html"), reason: "gone"), message: "")
        #expect(file.path == "/tmp/page.html")
    }

    @Test func aFailedFetchIsRecordedWithItsKindStatusAndURL() async throws {
        let cache = try TemporaryDirectory("cache")
        let server = try FixtureServer()
        server.route(
            "/news", .page("<ul><li><a href=\"/a\">Alpha</a></li></ul>"), .status(404), .status(404)
        )
        let source = SourceConfiguration(
            id: "news", kind: .list, url: server.url("/news"), items: "li",
            fields: [FieldRule(name: "title", locator: .css("a"))])
        let configuration = Configuration(
            file: cache.file("trawl.json"), site: SiteSettings(title: "Test"), outputDirectory: cache.file("Output"),
            cacheDirectory: cache.file("Cache"), fetch: .testing(attempts: 1), sources: [source])
        _ = try await Pipeline(configuration: configuration).scrape()
        let second = try await Pipeline(configuration: configuration).scrape()
        let third = try await Pipeline(configuration: configuration).scrape()

        let error = try #require(second.outcomes.first?.error)
        #expect(second.outcomes.first?.status == .failed)
        #expect(error.kind == .httpStatus)
        #expect(error.status == 404)
        #expect(error.url == server.url("/news"))
        #expect(error.message.hasSuffix("(last good snapshot kept)"))

        // On disk, in the record and in health.
        let store = CacheStore(root: cache.file("Cache"), access: .readOnly)
        let saved = try JSONParser.parse(Data(contentsOf: store.runFile(second.id)))
        let stored = try #require(saved["outcomes"]?.arrayValue?.first?["error"])
        #expect(stored["kind"] == .string("httpStatus"))
        #expect(stored["status"] == .int(404))
        #expect(try store.run(second.id)?.outcomes == second.outcomes)
        #expect(try store.health(of: "news").lastError == error)

        // The second failure in a row breaks the source; the event carries the error as data.
        let events = HealthEvent.events(in: try store.runs())
        let broke = try #require(events.first { $0.kind == .broke })
        #expect(broke.runID == third.id)
        #expect(broke.error?.kind == .httpStatus)
        #expect(broke.reason == broke.error?.message)
    }
}
