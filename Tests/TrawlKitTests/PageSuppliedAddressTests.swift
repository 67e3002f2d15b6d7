import Foundation
import TestSupport
import Testing
import TrawlText

@testable import TrawlKit

/// Every address a page supplies (a next page, a redirect, a feed it advertises, robots.txt's
/// redirect) goes through `URL.mayBeFollowed`: http and https only, so a watched page can
/// read no local file. Only the address the user configured may be any `file:`.
@Suite struct PageSuppliedAddressTests {
    static func list(next: String) -> String {
        #"<html><head><link rel="next" href="\#(next)"></head><body><ul>"#
            + #"<li><a href="/a">Alpha</a></li><li><a href="/b">Beta</a></li></ul></body></html>"#
    }

    /// One run of a paginated list on the loopback server: the snapshot's titles and the notices.
    func run(next: String) async throws -> (titles: [String], notices: [String], status: RunRecord.Outcome.Status?) {
        let cache = try TemporaryDirectory("trawl-next")
        let server = try FixtureServer()
        server.route("/news", .ok(Self.list(next: next)))
        let source = SourceConfiguration(
            id: "news", kind: .list, url: server.url("/news"), items: "li",
            fields: [
                FieldRule(name: "title", locator: .css("a")),
                FieldRule(name: "url", locator: .css("a::attr(href)"), type: .url),
            ],
            maxPages: 3)
        let configuration = Configuration(
            file: cache.file("trawl.json"), site: SiteSettings(title: "Test"), outputDirectory: cache.file("Output"),
            cacheDirectory: cache.file("Cache"), fetch: .testing(attempts: 1), sources: [source])
        let notices = NoticeLog()
        let pipeline = Pipeline(configuration: configuration) { event in
            if case .notice(let source, let message) = event { notices.append("[\(source)] \(message)") }
        }
        let record = try await pipeline.scrape()
        let titles = try pipeline.store.lastGoodSnapshot(of: "news")?.items.map(\.title) ?? []
        return (titles, notices.all, record.outcomes.first?.status)
    }

    @Test(arguments: ["file:///etc/passwd", "file:///proc/self/environ", "FILE:///etc/passwd"])
    func aWebPagesNextLinkToALocalFileIsNotFollowedAndTheUserIsTold(next: String) async throws {
        let (titles, notices, status) = try await run(next: next)
        #expect(status == .fetched)
        #expect(titles == ["Alpha", "Beta"])
        #expect(notices.count == 1, "\(notices)")
        let notice = try #require(notices.first)
        #expect(notice.hasPrefix("[news] http://127.0.0.1:"), "\(notice)")
        #expect(notice.contains("/news names its next page \(next), which is not fetched"), "\(notice)")
    }

    @Test func aLocalFileAWebPageNamesAsItsNextPageIsNeverRead() async throws {
        let folder = try TemporaryDirectory("trawl-secret")
        let secret = folder.file("secret.html")
        try Data(#"<ul><li><a href="/s">SECRET</a></li></ul>"#.utf8).write(to: secret)
        let (titles, notices, _) = try await run(next: secret.absoluteString)
        #expect(!titles.contains("SECRET"))
        #expect(notices.first?.contains(secret.absoluteString) == true, "\(notices)")
    }

    @Test(
        arguments: [
            // address, page, folder, followed
            ("https://example.org/2", "https://example.org/1", nil, true),
            ("http://example.org/2", "file:///srv/pages/1.html", "/srv/pages", true),
            ("file:///etc/passwd", "https://example.org/1", nil, false),
            ("file:///srv/pages/2.html", "https://example.org/1", "/srv/pages", false),
            ("file:///srv/pages/2.html", "file:///srv/pages/1.html", "/srv/pages", true),
            ("file:///srv/pages/../../etc/passwd", "file:///srv/pages/1.html", "/srv/pages", false),
            ("file:///srv/pages-other/2.html", "file:///srv/pages/1.html", "/srv/pages", false),
            ("file:///srv/pages/2.html", "file:///srv/pages/1.html", nil, false),
            ("javascript:alert(1)", "https://example.org/1", nil, false),
            ("ftp://example.org/f", "https://example.org/1", nil, false),
        ] as [(String, String, String?, Bool)])
    func aPageLeadsOnlyToTheWebOrItsOwnLocalFolder(
        address: String, page: String, folder: String?, followed: Bool
    )
        throws
    {
        let url = try #require(URL(string: address))
        let from = try #require(URL(string: page))
        #expect(url.mayBeFollowed(from: from, within: folder.map { URL(fileURLWithPath: $0) }) == followed)
    }

    @Test func aRedirectToALocalFileSaysWhyItIsRefused() async throws {
        let server = try FixtureServer()
        server.route("/moved", .redirect(to: "file:///etc/passwd"))
        let error = await #expect(throws: FetchError.self) {
            try await Fetcher(settings: .testing(attempts: 1)).fetch(server.url("/moved"))
        }
        let text = try #require(error).description
        #expect(text.contains("a redirect leads to file:///etc/passwd, which is not fetched"), "\(text)")
        #expect(!text.contains("file URLs can be fetched"), "\(text)")
    }

    @Test func aRobotsTxtRedirectingToALocalFileFailsForGoodNotAsANetworkFailure() async throws {
        let server = try FixtureServer()
        server.route("/robots.txt", .redirect(to: "file:///etc/passwd"))
        server.route("/page", .ok("<p>hi</p>"))
        let error = await #expect(throws: FetchError.self) {
            try await Fetcher(settings: .testing(attempts: 3)).fetch(server.url("/page"))
        }
        let failure = try #require(error)
        #expect(failure.description.contains("robots.txt's redirect leads to file:///etc/passwd"), "\(failure)")
        #expect(server.requestCount("/robots.txt") == 1)
        #expect(server.requestCount("/page") == 0)
    }

    @Test func initFromAWebPageDoesNotProposeALocalFeedItNames() async throws {
        let server = try FixtureServer()
        let page =
            #"<html><head><link rel="alternate" type="application/rss+xml" href="file:///etc/passwd">"#
            + #"</head><body><ul><li><a href="/a">Alpha one</a></li><li><a href="/b">Beta two</a></li>"#
            + #"<li><a href="/c">Gamma three</a></li></ul></body></html>"#
        server.route("/home", .ok(page))
        let folder = try TemporaryDirectory("trawl-init")
        let result = try await TrawlBinary.run([
            "init", "--from", server.url("/home").absoluteString, "--config", folder.file("trawl.json").path,
        ])
        #expect(!result.output.contains("links a feed"), "\(result.output)")
        #expect(result.errors.contains("names a feed at file:///etc/passwd, which is not proposed"), "\(result.errors)")
    }

    @Test func aFeedURLGivenDirectlyOverHTTPIsProposedAsAFeed() async throws {
        let server = try FixtureServer()
        let feed = try String(contentsOf: Fixture.url("tiers/feed-tenderlovemaking.xml"), encoding: .utf8)
        server.route("/feed/", .ok(feed, contentType: "application/rss+xml"))
        let folder = try TemporaryDirectory("trawl-init")
        let result = try await TrawlBinary.run([
            "init", "--from", server.url("/feed/").absoluteString, "--config", folder.file("trawl.json").path,
        ])
        #expect(result.output.contains("1. [the page is a feed] 10 entries"), "\(result.output)")
        #expect(result.output.contains(#""kind": "feed""#), "\(result.output)")
    }

    @Test func aTypelessAlternateTitledAsAFeedIsFetchedAndProposedOnlyIfItIsOne() async throws {
        let server = try FixtureServer()
        let page =
            #"<html><head><link rel="alternate" title="Example Atom" href="/atom.xml">"#
            + #"<link rel="alternate" title="Comments RSS" href="/comments/">"#
            + #"<link rel="alternate" hreflang="de" href="/de/"></head><body><ul><li><a href="/a">Alpha one</a></li>"#
            + #"<li><a href="/b">Beta two</a></li><li><a href="/c">Gamma three</a></li></ul></body></html>"#
        let feed = try String(contentsOf: Fixture.url("tiers/feed-tenderlovemaking.xml"), encoding: .utf8)
        server.route("/home", .ok(page))
        server.route("/atom.xml", .ok(feed, contentType: "application/octet-stream"))
        server.route("/comments/", .ok("<html><body><p>No comments yet.</p></body></html>"))
        let folder = try TemporaryDirectory("trawl-init")
        let result = try await TrawlBinary.run([
            "init", "--from", server.url("/home").absoluteString, "--config", folder.file("trawl.json").path,
        ])
        #expect(result.output.contains("1. [a feed the page links] \(server.url("/atom.xml"))"), "\(result.output)")
        #expect(server.requestCount("/atom.xml") == 1)
        #expect(server.requestCount("/comments/") == 1)
        #expect(!result.output.contains("/comments/"), "\(result.output)")
        #expect(!result.output.contains("/de/"), "\(result.output)")
    }
}
