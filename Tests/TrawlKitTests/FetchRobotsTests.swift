import Foundation
import TestSupport
import Testing
import TrawlKit

/// robots.txt obeyed over real sockets (RFC 9309 §2.3, §2.4).
@Suite struct FetchRobotsTests {
    @Test func aDisallowedPageIsNotRequested() async throws {
        let server = try FixtureServer()
        server.route("/robots.txt", .ok("User-agent: *\nDisallow: /private\n", contentType: "text/plain"))
        server.route("/private/page", .ok("secret"))
        await #expect(throws: FetchError.disallowedByRobots(server.url("/private/page"))) {
            try await Fetcher(settings: .testing()).fetch(server.url("/private/page"))
        }
        #expect(server.requestCount("/private/page") == 0)
    }

    @Test func robotsTxtIsFetchedOncePerHostPerFetcher() async throws {
        let server = try FixtureServer()
        server.route("/robots.txt", .ok("User-agent: *\nDisallow: /private\n", contentType: "text/plain"))
        server.route("/a", .ok("a"))
        server.route("/b", .ok("b"))
        let fetcher = Fetcher(settings: .testing())
        async let first = fetcher.fetch(server.url("/a"))
        async let second = fetcher.fetch(server.url("/b"))
        _ = try await (first, second)
        _ = try await fetcher.fetch(server.url("/a"))
        #expect(server.requestCount("/robots.txt") == 1)
    }

    @Test func theGroupForTrawlIsObeyedAndTheUserAgentNamesTheContact() async throws {
        let server = try FixtureServer()
        server.route(
            "/robots.txt", .ok("User-agent: *\nDisallow: /\n\nUser-agent: Trawl\nAllow: /\n", contentType: "text/plain")
        )
        server.route("/page", .ok("hello"))
        _ = try await Fetcher(settings: .testing(contact: "https://example.org/about-my-bot"))
            .fetch(server.url("/page"))
        let userAgent = try #require(server.requests(to: "/page").first?.headers["User-Agent"])
        #expect(userAgent.hasPrefix("Trawl/"))
        #expect(userAgent.contains("+https://example.org/about-my-bot"))
    }

    @Test func aMissingRobotsTxtAllowsEverything() async throws {
        let server = try FixtureServer()
        server.route("/page", .ok("hello"))
        _ = try await Fetcher(settings: .testing()).fetch(server.url("/page"))
        #expect(server.requestCount("/robots.txt") == 1)
        #expect(server.requestCount("/page") == 1)
    }

    @Test func anUnreachableRobotsTxtDisallowsEverything() async throws {
        let server = try FixtureServer()
        server.route("/robots.txt", .status(500))
        server.route("/page", .ok("hello"))
        let error = await #expect(throws: FetchError.self) {
            try await Fetcher(settings: .testing(attempts: 1)).fetch(server.url("/page"))
        }
        #expect(error == .robotsUnreachable(server.url("/page"), reason: "HTTP 500"))
        #expect(server.requestCount("/page") == 0)
    }

    @Test func robotsCanBeIgnoredWhenConfigured() async throws {
        let server = try FixtureServer()
        server.route("/robots.txt", .ok("User-agent: *\nDisallow: /\n", contentType: "text/plain"))
        server.route("/page", .ok("hello"))
        var settings = FetchSettings.testing()
        settings.obeysRobots = false
        _ = try await Fetcher(settings: settings).fetch(server.url("/page"))
        #expect(server.requestCount("/robots.txt") == 0)
    }

    @Test func aRedirectTargetIsCheckedAgainstRobotsToo() async throws {
        let server = try FixtureServer()
        server.route("/robots.txt", .ok("User-agent: *\nDisallow: /private\n", contentType: "text/plain"))
        server.route("/open", .redirect(to: "/private/page"))
        await #expect(throws: FetchError.disallowedByRobots(server.url("/open"))) {
            try await Fetcher(settings: .testing()).fetch(server.url("/open"))
        }
        #expect(server.requestCount("/private/page") == 0)
    }
}
