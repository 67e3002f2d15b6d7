import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// robots.txt kept from one night to the next in the cache (RFC 9309 §2.4): used as it is
/// within a day, asked for conditionally after that, and a 304 keeps it.
@Suite struct RobotsAcrossNightsTests {
    struct Nights {
        let directory: TemporaryDirectory
        let server: FixtureServer
        /// 04:00 UTC, 30 November 2026.
        let first = Date(timeIntervalSince1970: 1_796_011_200)

        init() throws {
            directory = try TemporaryDirectory("trawl-robots-nights")
            server = try FixtureServer()
            server.route(
                "/robots.txt",
                .page(
                    "User-agent: *\nDisallow: /private\n", etag: "\"r1\"",
                    lastModified: "Mon, 02 Nov 2026 08:00:00 GMT"))
            server.route("/list", .ok("<ul><li><a href='/a'>A</a></li><li><a href='/b'>B</a></li></ul>"))
            server.route("/private/list", .ok("<ul><li><a href='/c'>C</a></li></ul>"))
        }

        /// The night `hours` after the first: one source allowed, one disallowed by robots.txt.
        @discardableResult
        func run(after hours: Double) async throws -> RunRecord {
            let json = """
                {"fetch": {"delay": 0},
                 "sources": [
                   {"id": "open", "kind": "list", "url": "\(server.url("/list"))", "items": "li", "fields": {"title": "a"}},
                   {"id": "closed", "kind": "list", "url": "\(server.url("/private/list"))", "items": "li",
                    "fields": {"title": "a"}}]}
                """
            let configuration = try ConfigurationLoader.load(Data(json.utf8), file: directory.file("trawl.json"))
            let clock = WallClock.fixed(first.addingTimeInterval(hours * 3600))
            return try await Pipeline(configuration: configuration, clock: clock).scrape()
        }

        var robotsFile: URL { directory.file("Cache/robots.json") }
    }

    @Test func aSecondNightWithinADayAsksNoHostForRobotsTxtAndStillObeysIt() async throws {
        let nights = try Nights()
        try await nights.run(after: 0)
        #expect(nights.server.requestCount("/robots.txt") == 1)
        let second = try await nights.run(after: 23)
        #expect(nights.server.requestCount("/robots.txt") == 1)
        #expect(nights.server.requestCount("/list") == 2)
        #expect(nights.server.requestCount("/private/list") == 0)
        #expect(second.outcomes.first { $0.sourceID == "closed" }?.status == .failed)
    }

    @Test func afterADayOneConditionalRequestAnswered304KeepsItForAnotherDay() async throws {
        let nights = try Nights()
        try await nights.run(after: 0)
        try await nights.run(after: 25)
        let requests = nights.server.requests(to: "/robots.txt")
        #expect(requests.count == 2)
        #expect(requests.last?.headers["If-None-Match"] == "\"r1\"")
        #expect(requests.last?.headers["If-Modified-Since"] == "Mon, 02 Nov 2026 08:00:00 GMT")
        // The 304 renewed it: a night within a day of that one asks nothing.
        let third = try await nights.run(after: 48)
        #expect(nights.server.requestCount("/robots.txt") == 2)
        #expect(nights.server.requestCount("/private/list") == 0)
        #expect(third.outcomes.first { $0.sourceID == "open" }?.status == .fetched)
    }

    @Test func anUnreadableRobotsFileIsMovedAsideAndRobotsTxtAskedForAgain() async throws {
        let nights = try Nights()
        try await nights.run(after: 0)
        try Data("{\"robots\": ".utf8).write(to: nights.robotsFile)
        try await nights.run(after: 1)
        #expect(nights.server.requestCount("/robots.txt") == 2)
        let names = try FileManager.default.contentsOfDirectory(atPath: nights.directory.file("Cache").path)
        #expect(names.contains { $0.hasPrefix("robots.json.corrupt-") })
        let kept = try CacheStore(root: nights.directory.file("Cache")).keptRobots()
        #expect(kept.values.map(\.text) == ["User-agent: *\nDisallow: /private\n"])
    }

    /// Shards of one run share `robots.json`, each learning only its own hosts: the shard that
    /// writes last merges with what is on disk, so no host is asked again the next night.
    /// Shard 2 reads the file, then waits at its page while shard 1 runs whole.
    @Test func shardsWritingRobotsFileInTurnKeepEveryHost() async throws {
        let directory = try TemporaryDirectory("trawl-robots-shards")
        let (one, two) = (try FixtureServer(), try FixtureServer())
        let gate = FixtureGate()
        for server in [one, two] { server.route("/robots.txt", .page("User-agent: *\nDisallow: /private\n")) }
        one.route("/list", .ok("<ul><li><a href='/a'>A</a></li></ul>"))
        two.route("/list", .gated(gate, .ok("<ul><li><a href='/b'>B</a></li></ul>")))
        let (first, second) = (try Shard(index: 1, count: 2), try Shard(index: 2, count: 2))
        let ids = (0..<50).map { "host-\($0)" }
        let idOne = try #require(ids.first(where: first.contains))
        let idTwo = try #require(ids.first(where: second.contains))
        let json = """
            {"fetch": {"delay": 0},
             "sources": [
               {"id": "\(idOne)", "kind": "list", "url": "\(one.url("/list"))", "items": "li", "fields": {"title": "a"}},
               {"id": "\(idTwo)", "kind": "list", "url": "\(two.url("/list"))", "items": "li", "fields": {"title": "a"}}]}
            """
        let configuration = try ConfigurationLoader.load(Data(json.utf8), file: directory.file("trawl.json"))
        let night = Date(timeIntervalSince1970: 1_796_011_200)
        func pipeline(after hours: Double) -> Pipeline {
            Pipeline(configuration: configuration, clock: .fixed(night.addingTimeInterval(hours * 3600)))
        }
        let runID = RunRecord.id(for: night)
        async let waiting = pipeline(after: 0).scrape(RunOptions(shard: second, runID: runID))
        await gate.arrival()
        _ = try await pipeline(after: 0).scrape(RunOptions(shard: first, runID: runID))
        await gate.open()
        _ = try await waiting
        let kept = try CacheStore(root: directory.file("Cache")).keptRobots()
        let origins = [one, two].compactMap { Fetcher.origin(of: $0.url("/list")) }
        #expect(Set(kept.keys) == Set(origins), "\(kept.keys.sorted())")
        // The next night, within a day: neither host is asked again.
        _ = try await pipeline(after: 20).scrape()
        #expect(one.requestCount("/robots.txt") == 1)
        #expect(two.requestCount("/robots.txt") == 1)
    }
}
