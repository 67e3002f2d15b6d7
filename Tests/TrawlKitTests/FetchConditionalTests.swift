import Foundation
import TestSupport
import Testing
import TrawlKit

/// Conditional GET (RFC 9110 §13): validators go out, a 304 means "unchanged".
@Suite struct FetchConditionalTests {
    @Test func aFirstFetchHandsOutTheServersValidators() async throws {
        let server = try FixtureServer()
        server.route("/list", .page("<ul></ul>", etag: "\"v1\"", lastModified: "Sun, 06 Nov 1994 08:49:37 GMT"))
        let result = try await Fetcher(settings: .testing()).fetch(server.url("/list"))
        guard case .page(let page) = result else {
            Issue.record("expected a page, got \(result)")
            return
        }
        #expect(page.validators == HTTPValidators(etag: "\"v1\"", lastModified: "Sun, 06 Nov 1994 08:49:37 GMT"))
        #expect(String(decoding: page.body, as: UTF8.self) == "<ul></ul>")
        #expect(page.contentType == "text/html; charset=utf-8")
    }

    @Test func knownValidatorsAreSentAndA304MeansNotModified() async throws {
        let server = try FixtureServer()
        server.route("/list", .page("<ul></ul>", etag: "\"v1\"", lastModified: "Sun, 06 Nov 1994 08:49:37 GMT"))
        let validators = HTTPValidators(etag: "\"v1\"", lastModified: "Sun, 06 Nov 1994 08:49:37 GMT")
        let result = try await Fetcher(settings: .testing()).fetch(server.url("/list"), validators: validators)
        guard case .notModified(let url) = result else {
            Issue.record("expected notModified, got \(result)")
            return
        }
        #expect(url == server.url("/list"))
        let request = try #require(server.requests(to: "/list").first)
        #expect(request.headers["If-None-Match"] == "\"v1\"")
        #expect(request.headers["If-Modified-Since"] == "Sun, 06 Nov 1994 08:49:37 GMT")
    }

    @Test func lastModifiedAloneIsEnoughForA304() async throws {
        let server = try FixtureServer()
        server.route("/list", .page("<ul></ul>", lastModified: "Sun, 06 Nov 1994 08:49:37 GMT"))
        let result = try await Fetcher(settings: .testing())
            .fetch(server.url("/list"), validators: HTTPValidators(lastModified: "Sun, 06 Nov 1994 08:49:37 GMT"))
        guard case .notModified = result else {
            Issue.record("expected notModified, got \(result)")
            return
        }
    }

    @Test func staleValidatorsGetTheNewPageAndItsValidators() async throws {
        let server = try FixtureServer()
        server.route("/list", .page("<ul><li>new</li></ul>", etag: "\"v2\""))
        let result = try await Fetcher(settings: .testing())
            .fetch(server.url("/list"), validators: HTTPValidators(etag: "\"v1\""))
        guard case .page(let page) = result else {
            Issue.record("expected a page, got \(result)")
            return
        }
        #expect(page.validators.etag == "\"v2\"")
    }

    @Test func aFailedFetchLeavesTheCachedValidatorsAndSnapshotAlone() async throws {
        let directory = try TemporaryDirectory()
        let store = CacheStore(root: directory.url)
        let server = try FixtureServer()
        server.route("/list", .status(500))
        let saved = [server.url("/list").absoluteString: HTTPValidators(etag: "\"v1\"")]
        try store.save(validators: saved, of: "news")
        let before = try Data(contentsOf: directory.file("sources/news/http.json"))

        await #expect(throws: FetchError.serverError(server.url("/list"), status: 500)) {
            try await Fetcher(settings: .testing()).fetch(server.url("/list"), validators: saved.values.first)
        }

        #expect(try store.validators(of: "news") == saved)
        #expect(try Data(contentsOf: directory.file("sources/news/http.json")) == before)
    }
}
