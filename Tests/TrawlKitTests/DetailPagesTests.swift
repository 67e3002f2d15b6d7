import Foundation
import TestSupport
import Testing
import TrawlDates

@testable import TrawlKit

/// `"detail"`: each new item's own page read once, through the run's fetcher, against a
/// real server on loopback serving real article pages (Mozilla's readability corpus, read
/// by path), with the requests counted at the server.
@Suite struct DetailPagesTests {
    static let articles = ["ars-1", "aclu", "lwn-1", "v8-blog", "gitlab-blog", "mozilla-1"]

    /// A site's index of the articles it serves, one link each.
    static func listPage(_ names: [String], titles: [String: String] = [:]) -> String {
        "<ul>" + names.map { "<li><a href=\"/articles/\($0).html\">\(titles[$0] ?? $0)</a></li>" }.joined() + "</ul>"
    }

    /// The real page called `name`, from the shared readability corpus; nil (skip) when absent.
    static func page(_ name: String) throws -> String? {
        guard let pages = try SharedTestData.folder("pages") else { return nil }
        return try String(decoding: Data(contentsOf: pages.appendingPathComponent("\(name).html")), as: UTF8.self)
    }

    /// A server with the list at `/news` and each article at `/articles/<name>.html`, with an ETag.
    static func server(_ names: [String] = articles) throws -> FixtureServer? {
        let server = try FixtureServer()
        server.route("/news", .ok(listPage(names)))
        for name in names {
            guard let page = try page(name) else { return nil }
            server.route("/articles/\(name).html", .page(page, etag: "\"\(name)-1\""))
        }
        return server
    }

    static func configuration(
        _ server: FixtureServer, cache: TemporaryDirectory, detail: DetailSettings = DetailSettings(maxPerRun: 4)
    ) -> Configuration {
        var source = SourceConfiguration(
            id: "news", kind: .list, url: server.url("/news"), items: "li",
            fields: [
                FieldRule(name: "title", locator: .css("a")),
                FieldRule(name: "url", locator: .css("a::attr(href)"), type: .url),
            ])
        source.detail = detail
        return Configuration(
            file: cache.file("trawl.json"), site: SiteSettings(title: "Test"), outputDirectory: cache.file("Output"),
            cacheDirectory: cache.file("Cache"), fetch: .testing(attempts: 1), sources: [source])
    }

    static func articleRequests(_ server: FixtureServer, _ names: [String] = articles) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: names.map { ($0, server.requestCount("/articles/\($0).html")) })
    }

    final class Events: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [RunEvent] = []
        var all: [RunEvent] { lock.withLock { seen } }
        func add(_ event: RunEvent) { lock.withLock { seen.append(event) } }
        var warnings: [String] {
            all.compactMap { if case .warning(_, let message) = $0 { return message } else { return nil } }
        }
    }

    @Test func aFirstRunReadsAtMostMaxPerRunPagesAndLaterRunsReadTheRestOnce() async throws {
        guard let server = try Self.server() else { return }
        let cache = try TemporaryDirectory("detail")
        let configuration = Self.configuration(server, cache: cache)
        let store = CacheStore(root: configuration.cacheDirectory)

        _ = try await Pipeline(configuration: configuration).scrape()
        let first = Self.articleRequests(server)
        #expect(first.values.reduce(0, +) == 4)
        #expect(first.values.allSatisfy { $0 <= 1 })
        // The first four in page order; the other two wait, and `status` would say so.
        #expect(Self.articles.prefix(4).allSatisfy { first[$0] == 1 })
        let snapshot = try #require(try store.lastGoodSnapshot(of: "news"))
        #expect(
            DetailStage.waitingCount(
                snapshot.items, records: try store.details(of: "news"), settings: DetailSettings(maxPerRun: 4),
                source: configuration.sources[0]) == 2)
        // The excerpt is the item's summary where the list gives none.
        let ars = try #require(snapshot.items.first { $0.url?.path == "/articles/ars-1.html" })
        #expect(ars.summary?.isEmpty == false)
        let record = try #require(try store.details(of: "news")[ars.id]?.article)
        #expect(record.html.contains("Minecraft"))
        #expect(record.title == "Just-released Minecraft exploit makes it easy to crash game servers")

        // `trawl status` says how many pages wait, as text and as JSON.
        let capture = CapturingConsole()
        _ = try StatusCommand.report(
            store: store, sourceIDs: ["news"], detailSources: ["news": configuration.sources[0]], json: false,
            now: Date(), console: capture.console)
        #expect(capture.output.contains("note: [news] 2 item pages left to read on later runs"), "\(capture.output)")

        let second = try await Pipeline(configuration: configuration).scrape()
        #expect(Self.articleRequests(server).values.allSatisfy { $0 == 1 }, "\(Self.articleRequests(server))")
        // The items were news on the first night: their pages read late are no change.
        #expect(second.changes.isEmpty, "\(second.changes.map(\.kind))")
        let json = CapturingConsole()
        _ = try StatusCommand.report(
            store: store, sourceIDs: ["news"], detailSources: ["news": configuration.sources[0]], json: true,
            now: Date(), console: json.console)
        #expect(
            json.output.contains("\"detailPagesWaiting\" : 0") || json.output.contains("\"detailPagesWaiting\": 0"),
            "\(json.output)")

        // A quiet night: nothing new, nothing waiting, no item page asked for.
        _ = try await Pipeline(configuration: configuration).scrape()
        #expect(Self.articleRequests(server).values.allSatisfy { $0 == 1 })
        #expect(try store.details(of: "news").count == Self.articles.count)
    }

    @Test func aPageThatFailsKeepsItsItemAndIsAskedForOnTheNextRun() async throws {
        guard let server = try Self.server(), let aclu = try Self.page("aclu") else { return }
        server.route("/articles/aclu.html", .status(500), .page(aclu, etag: "\"aclu-1\""))
        let cache = try TemporaryDirectory("detail")
        let configuration = Self.configuration(server, cache: cache, detail: DetailSettings(maxPerRun: 50))
        let store = CacheStore(root: configuration.cacheDirectory)
        let events = Events()

        let first = try await Pipeline(configuration: configuration, report: events.add).scrape()
        #expect(first.outcomes.map(\.status) == [.fetched])
        let snapshot = try #require(try store.lastGoodSnapshot(of: "news"))
        #expect(snapshot.items.count == Self.articles.count)
        let failed = try #require(snapshot.items.first { $0.url?.path == "/articles/aclu.html" })
        #expect(failed.summary == nil)
        #expect(
            events.warnings.contains {
                $0.contains(server.url("/articles/aclu.html").absoluteString) && $0.contains("500")
            })
        #expect(try store.details(of: "news")[failed.id]?.failures == 1)

        let second = try await Pipeline(configuration: configuration).scrape()
        #expect(second.changes.isEmpty)
        #expect(server.requestCount("/articles/aclu.html") == 2)
        #expect(try store.details(of: "news")[failed.id]?.article?.title?.contains("Facebook") == true)
        // The others were read once, on the first night.
        #expect(Self.articleRequests(server).filter { $0.key != "aclu" }.values.allSatisfy { $0 == 1 })
        let after = try #require(try store.lastGoodSnapshot(of: "news")?.items.first { $0.id == failed.id })
        #expect(after.summary?.isEmpty == false)
    }

    @Test func aChangedItemsPageIsAskedForWithItsValidators() async throws {
        guard let server = try Self.server() else { return }
        server.route(
            "/news", .ok(Self.listPage(Self.articles)),
            .ok(Self.listPage(Self.articles, titles: ["v8-blog": "Standalone WebAssembly"])))
        let cache = try TemporaryDirectory("detail")
        let configuration = Self.configuration(server, cache: cache, detail: DetailSettings(maxPerRun: 50))
        let store = CacheStore(root: configuration.cacheDirectory)

        _ = try await Pipeline(configuration: configuration).scrape()
        let read = try store.details(of: "news")
        let second = try await Pipeline(configuration: configuration).scrape()
        #expect(second.changes.filter { $0.kind == .changed }.map(\.itemID).count == 1)
        let asked = server.requests(to: "/articles/v8-blog.html")
        #expect(asked.count == 2)
        #expect(asked.last?.headers["If-None-Match"] == "\"v8-blog-1\"")
        // A 304: what was read stays.
        let id = try #require(read.first { $0.value.url.hasSuffix("v8-blog.html") }?.key)
        #expect(try store.details(of: "news")[id]?.article == read[id]?.article)
        #expect(Self.articleRequests(server).filter { $0.key != "v8-blog" }.values.allSatisfy { $0 == 1 })
    }

    @Test func fieldsOfTheItemsPageAreMergedIntoTheItem() async throws {
        guard let server = try Self.server(["ars-1"]) else { return }
        let cache = try TemporaryDirectory("detail")
        let detail = DetailSettings(
            article: .none,
            fields: [
                FieldRule(name: "headline", locator: .css("h1")),
                FieldRule(name: "published", locator: .css("time::attr(datetime)"), type: .date),
            ])
        let configuration = Self.configuration(server, cache: cache, detail: detail)
        _ = try await Pipeline(configuration: configuration).scrape()
        let item = try #require(
            try CacheStore(root: configuration.cacheDirectory).lastGoodSnapshot(of: "news")?.items.first)
        // Read off the page by hand: its <h1> and its first <time datetime>.
        #expect(item[field: "headline"]?.text == "Just-released Minecraft exploit makes it easy to crash game servers")
        if case .date(let date)? = item[field: "published"] {
            #expect(DateCodec.rfc3339(date).hasPrefix("2015-04-16"))
        } else {
            Issue.record("published is \(String(describing: item[field: "published"]))")
        }
        // No article asked for: no summary from it.
        #expect(item.summary == nil)
        // A second night finds the item unchanged: the merged fields are not news.
        let second = try await Pipeline(configuration: configuration).scrape()
        #expect(second.changes.isEmpty)
        #expect(server.requestCount("/articles/ars-1.html") == 1)
    }

    @Test func aPageRobotsTxtDisallowsIsNotAskedForAndTheItemStays() async throws {
        guard let server = try Self.server(["ars-1", "aclu"]) else { return }
        server.route("/robots.txt", .ok("User-agent: *\nDisallow: /articles/aclu.html\n", contentType: "text/plain"))
        let cache = try TemporaryDirectory("detail")
        let configuration = Self.configuration(server, cache: cache)
        let events = Events()
        let record = try await Pipeline(configuration: configuration, report: events.add).scrape()
        #expect(record.outcomes.map(\.status) == [.fetched])
        #expect(server.requestCount("/articles/aclu.html") == 0)
        #expect(server.requestCount("/articles/ars-1.html") == 1)
        #expect(
            events.warnings.contains { $0.contains("aclu.html") && $0.contains("robots.txt") }, "\(events.warnings)")
        #expect(try CacheStore(root: configuration.cacheDirectory).lastGoodSnapshot(of: "news")?.items.count == 2)
    }
}
