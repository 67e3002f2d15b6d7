import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// A night with several sources on each host opens one HTTP/1.1 connection per host by
/// default (`perHostConcurrency` 1), kept alive from robots.txt to the host's last source.
@Suite struct NightConnectionsTests {
    static let hosts = 3
    static let sourcesPerHost = 4

    @Test func aNightOfSeveralSourcesPerHostOpensOneConnectionPerHost() async throws {
        let directory = try TemporaryDirectory("trawl-night-connections")
        // 50 ms an answer: were two requests to a host allowed at once, all of a host's
        // sources waiting together would open a second connection.
        let servers = try (0..<Self.hosts).map { _ in
            try ConnectionCountingServer(
                body: "<ul><li><a href='/a'>A</a></li></ul>", contentType: "text/html", delay: .milliseconds(50))
        }
        defer { servers.forEach { $0.stop() } }
        // The hosts alternate, as a configuration written by hand mixes them.
        let sources = (0..<Self.hosts * Self.sourcesPerHost).map { index in
            let url = servers[index % Self.hosts].url("/list/\(index)")
            return """
                {"id": "s\(index)", "kind": "list", "url": "\(url)", "items": "li", "fields": {"title": "a"}}
                """
        }
        let json = """
            {"fetch": {"delay": 0}, "sources": [\(sources.joined(separator: ", "))]}
            """
        let configuration = try ConfigurationLoader.load(Data(json.utf8), file: directory.file("trawl.json"))
        #expect(configuration.fetch.perHostConcurrency == 1)
        let record = try await Pipeline(configuration: configuration).scrape()
        #expect(record.outcomes.allSatisfy { $0.status == .fetched })
        // robots.txt and each source's page, all on the host's one connection.
        #expect(servers.map(\.requests) == Array(repeating: 1 + Self.sourcesPerHost, count: Self.hosts))
        #expect(servers.map(\.connections) == Array(repeating: 1, count: Self.hosts))
    }
}
