import Foundation
import TestSupport
import Testing
import TrawlKit

/// One connection per host for the whole run, however many hosts take turns: every
/// transfer looks in the run's one connection cache, not in its easy handle's own.
@Suite struct FetchConnectionReuseTests {
    @Test func hostsTakingTurnsKeepOneConnectionEachForTheRun() async throws {
        // More hosts than one easy handle keeps connections to (curl's default is five).
        let servers = try (0..<8).map { _ in try ConnectionCountingServer() }
        defer { servers.forEach { $0.stop() } }
        let fetcher = Fetcher(settings: .testing())
        for round in 0..<3 {
            for server in servers {
                _ = try await fetcher.fetch(server.url("/page/\(round)"))
            }
        }
        #expect(servers.map(\.connections) == Array(repeating: 1, count: 8))
        // robots.txt and three pages, all on that one connection.
        #expect(servers.map(\.requests) == Array(repeating: 4, count: 8))
    }

    @Test func concurrentRequestsToOneHostShareItsOneConnectionByDefault() async throws {
        let server = try ConnectionCountingServer()
        defer { server.stop() }
        let fetcher = Fetcher(settings: .testing())
        try await withThrowingTaskGroup(of: Void.self) { group in
            for page in 0..<40 {
                group.addTask { _ = try await fetcher.fetch(server.url("/page/\(page)")) }
            }
            try await group.waitForAll()
        }
        #expect(server.requests == 41)
        // One request at a time to a host (`perHostConcurrency` 1): each takes the connection
        // the last one left.
        #expect(FetchSettings.testing().perHostConcurrency == 1)
        #expect(server.connections == 1)
    }
}
