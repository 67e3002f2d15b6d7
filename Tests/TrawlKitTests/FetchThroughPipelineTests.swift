import Foundation
import TestSupport
import Testing
import TrawlKit

/// The fetcher inside a run: a 304 reuses the last snapshot, and a failed fetch keeps
/// everything the cache held.
@Suite struct FetchThroughPipelineTests {
    static let page = "<ul><li><a href=\"/a\">Alpha</a></li><li><a href=\"/b\">Beta</a></li></ul>"

    func pipeline(_ server: FixtureServer, cache: TemporaryDirectory) -> Pipeline {
        let source = SourceConfiguration(
            id: "news", kind: .list, url: server.url("/news"), items: "li",
            fields: [
                FieldRule(name: "title", locator: .css("a")),
                FieldRule(name: "url", locator: .css("a::attr(href)"), type: .url),
            ])
        let configuration = Configuration(
            file: cache.file("trawl.json"), site: SiteSettings(title: "Test"), outputDirectory: cache.file("Output"),
            cacheDirectory: cache.file("Cache"), fetch: .testing(attempts: 2), sources: [source])
        return Pipeline(configuration: configuration)
    }

    @Test func a304ReusesTheLastSnapshotAndAFailureKeepsTheCache() async throws {
        let cache = try TemporaryDirectory("cache")
        let server = try FixtureServer()
        server.route(
            "/news", .page(Self.page, etag: "\"v1\""), .page(Self.page, etag: "\"v1\""), .status(503),
            .drop)
        let store = CacheStore(root: cache.file("Cache"))

        let first = try await pipeline(server, cache: cache).scrape()
        #expect(first.outcomes.map(\.status) == [.fetched])
        let snapshot = try #require(try store.lastGoodSnapshot(of: "news"))
        #expect(snapshot.items.count == 2)
        #expect(try store.validators(of: "news").values.map(\.etag) == ["\"v1\""])
        let snapshotFile = try Data(contentsOf: cache.file("Cache/sources/news/snapshot.json"))
        let validatorsFile = try Data(contentsOf: cache.file("Cache/sources/news/http.json"))

        let second = try await pipeline(server, cache: cache).scrape()
        #expect(second.outcomes.map(\.status) == [.notModified])
        #expect(server.requests(to: "/news")[1].headers["If-None-Match"] == "\"v1\"")

        // 503, retried, then a dropped connection: the run fails, the cache stays as it was.
        let third = try await pipeline(server, cache: cache).scrape()
        #expect(third.outcomes.map(\.status) == [.failed])
        #expect(try Data(contentsOf: cache.file("Cache/sources/news/snapshot.json")) == snapshotFile)
        #expect(try Data(contentsOf: cache.file("Cache/sources/news/http.json")) == validatorsFile)
    }

    // `http.json` names a health file a 304 leaves as it is, so a quiet night neither reads nor
    // writes it; a 304 after a failure still records the recovery, and names the new file.
    @Test func a304AfterAFailureRecordsTheRecoveryAndAQuietNightWritesNothing() async throws {
        let cache = try TemporaryDirectory("cache")
        let server = try FixtureServer()
        let page = FixtureResponse.page(Self.page, etag: "\"v1\"")
        server.route("/news", page, .status(404), page, page)
        let store = CacheStore(root: cache.file("Cache"))
        let health = cache.file("Cache/sources/news/health.json")
        let validators = cache.file("Cache/sources/news/http.json")

        _ = try await pipeline(server, cache: cache).scrape()
        let named = try String(contentsOf: validators, encoding: .utf8)
        #expect(named.contains("\"health\""))
        let failed = try await pipeline(server, cache: cache).scrape()
        #expect(failed.outcomes.map(\.status) == [.failed])
        #expect(try store.health(of: "news").consecutiveFailures == 1)
        #expect(try String(contentsOf: validators, encoding: .utf8) == named)

        let recovered = try await pipeline(server, cache: cache).scrape()
        #expect(recovered.outcomes.map(\.status) == [.notModified])
        let state = try store.health(of: "news")
        #expect(state.consecutiveFailures == 0 && !state.stale && state.lastError == nil)
        let renamed = try String(contentsOf: validators, encoding: .utf8)
        #expect(renamed != named)
        let (healthBytes, validatorBytes) = (try Data(contentsOf: health), try Data(contentsOf: validators))

        let quiet = try await pipeline(server, cache: cache).scrape()
        #expect(quiet.outcomes.map(\.status) == [.notModified])
        #expect(try Data(contentsOf: health) == healthBytes)
        #expect(try Data(contentsOf: validators) == validatorBytes)
        #expect(server.requests(to: "/news").count == 4)
    }

    // The snapshot is read after the fetch (so a night does not hold every source's at
    // once): a 304 whose snapshot turns out undecodable leads to a whole fetch, a baseline.
    @Test func a304OverASnapshotThatCannotBeDecodedFetchesThePageWhole() async throws {
        let cache = try TemporaryDirectory("cache")
        let server = try FixtureServer()
        server.route("/news", .page(Self.page, etag: "\"v1\""))
        let store = CacheStore(root: cache.file("Cache"))
        _ = try await pipeline(server, cache: cache).scrape()
        try Data("{\"schemaVersion\": ".utf8).write(to: cache.file("Cache/sources/news/snapshot.json"))

        let second = try await pipeline(server, cache: cache).scrape()
        #expect(second.outcomes.map(\.status) == [.fetched])
        #expect(server.requests(to: "/news").map { $0.headers["If-None-Match"] } == [nil, "\"v1\"", nil])
        #expect(try store.lastGoodSnapshot(of: "news")?.items.count == 2)
    }

    // `http.json` names the snapshot its validators came with: a 304 counts that snapshot's
    // items from it, and decodes a snapshot whose bytes are no longer those.
    @Test func a304CountsTheItemsOfTheSnapshotTheValidatorsCameWith() async throws {
        let cache = try TemporaryDirectory("cache")
        let server = try FixtureServer()
        server.route("/news", .page(Self.page, etag: "\"v1\""))
        let store = CacheStore(root: cache.file("Cache"))
        _ = try await pipeline(server, cache: cache).scrape()
        let validators = try String(contentsOf: cache.file("Cache/sources/news/http.json"), encoding: .utf8)
        #expect(validators.contains("\"itemCount\": 2"))

        let second = try await pipeline(server, cache: cache).scrape()
        #expect(second.outcomes.map(\.status) == [.notModified])
        #expect(second.outcomes.map(\.itemCount) == [2])

        // Another snapshot in its place (written by hand, say): its own items are counted.
        let kept = try #require(try store.lastGoodSnapshot(of: "news"))
        try store.save(Snapshot(sourceID: "news", takenAt: kept.takenAt, items: Array(kept.items.prefix(1))))
        let third = try await pipeline(server, cache: cache).scrape()
        #expect(third.outcomes.map(\.status) == [.notModified])
        #expect(third.outcomes.map(\.itemCount) == [1])
    }
}

/// An edited source is fetched afresh: a 304 must not keep a snapshot its old settings made.
@Suite struct EditedSourceTests {
    @Test func changingAFieldMakesTheNextFetchUnconditional() async throws {
        let cache = try TemporaryDirectory("cache")
        let server = try FixtureServer()
        let page = FixtureResponse.page(FetchThroughPipelineTests.page, etag: "\"v1\"")
        server.route("/news", page, page, page)
        func pipeline(titleSelector: String) -> Pipeline {
            let source = SourceConfiguration(
                id: "news", kind: .list, url: server.url("/news"), items: "li",
                fields: [FieldRule(name: "title", locator: .css(titleSelector))])
            return Pipeline(
                configuration: Configuration(
                    file: cache.file("trawl.json"), site: SiteSettings(title: "Test"),
                    outputDirectory: cache.file("Output"), cacheDirectory: cache.file("Cache"),
                    fetch: .testing(attempts: 1), sources: [source]))
        }
        _ = try await pipeline(titleSelector: "a").scrape()
        let unchanged = try await pipeline(titleSelector: "a").scrape()
        #expect(unchanged.outcomes.map(\.status) == [.notModified])

        let edited = try await pipeline(titleSelector: "li").scrape()
        #expect(edited.outcomes.map(\.status) == [.fetched])
        #expect(server.requests(to: "/news")[2].headers["If-None-Match"] == nil)
    }
}
