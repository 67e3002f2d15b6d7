import Foundation
import TestSupport
import Testing
import TrawlKit

/// Politeness towards each host: how many requests at once, and how far apart.
@Suite struct FetchPolitenessTests {
    @Test(arguments: [1, 2, 3])
    func requestsToOneHostNeverExceedItsConcurrencyLimit(limit: Int) async throws {
        let server = try FixtureServer()
        server.route("/slow", .delayed(.milliseconds(50), .ok("done")))
        var settings = FetchSettings.testing()
        settings.perHostConcurrency = limit
        settings.obeysRobots = false
        let fetcher = Fetcher(settings: settings)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { _ = try await fetcher.fetch(server.url("/slow")) }
            }
            try await group.waitForAll()
        }
        #expect(server.requestCount("/slow") == 8)
        #expect(server.mostConcurrentRequests <= limit)
    }

    @Test func theGlobalLimitHoldsAcrossHosts() async throws {
        let servers = try (0..<3).map { _ in try FixtureServer() }
        for server in servers { server.route("/slow", .delayed(.milliseconds(50), .ok("done"))) }
        var settings = FetchSettings.testing()
        settings.perHostConcurrency = 4
        settings.globalConcurrency = 1
        settings.obeysRobots = false
        let fetcher = Fetcher(settings: settings)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for server in servers {
                for _ in 0..<2 { group.addTask { _ = try await fetcher.fetch(server.url("/slow")) } }
            }
            try await group.waitForAll()
        }
        // With one request at a time overall, no server ever sees two at once.
        #expect(servers.allSatisfy { $0.mostConcurrentRequests == 1 })
    }

    /// A loose lower bound only: the fetcher spaces the starts of requests, and connection
    /// set-up blurs arrival times at the server a little; without the delay the gaps are
    /// a millisecond or so.
    @Test func requestStartsToOneHostAreSpacedByTheDelay() async throws {
        let server = try FixtureServer()
        server.route("/page", .ok("hi"))
        var settings = FetchSettings.testing()
        settings.delay = .milliseconds(200)
        settings.obeysRobots = false
        let fetcher = Fetcher(settings: settings)
        for _ in 0..<3 { _ = try await fetcher.fetch(server.url("/page")) }
        let times = server.arrivalTimes("/page")
        #expect(times.count == 3)
        for (earlier, later) in zip(times, times.dropFirst()) {
            #expect(later - earlier >= .milliseconds(100))
        }
    }
}
