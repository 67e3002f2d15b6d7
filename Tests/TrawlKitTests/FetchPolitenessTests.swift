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

    /// Measured around the calls, so a busy machine can only stretch the gaps: the request
    /// of fetch i+1 cannot start before the one of fetch i plus the delay, and fetch i
    /// started after the clock read before it.
    @Test func requestStartsToOneHostAreSpacedByTheDelay() async throws {
        let server = try FixtureServer()
        server.route("/page", .ok("hi"))
        var settings = FetchSettings.testing()
        settings.delay = .milliseconds(300)
        settings.obeysRobots = false
        let fetcher = Fetcher(settings: settings)
        let clock = ContinuousClock()
        var before: [ContinuousClock.Instant] = []
        var after: [ContinuousClock.Instant] = []
        for _ in 0..<3 {
            before.append(clock.now)
            _ = try await fetcher.fetch(server.url("/page"))
            after.append(clock.now)
        }
        #expect(server.requestCount("/page") == 3)
        #expect(after[1] - before[0] >= .milliseconds(300))
        #expect(after[2] - before[1] >= .milliseconds(300))
        #expect(after[2] - before[0] >= .milliseconds(600))
    }
}
