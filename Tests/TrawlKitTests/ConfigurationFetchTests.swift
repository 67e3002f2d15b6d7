import Foundation
import Testing

@testable import TrawlKit

@Suite struct ConfigurationFetchTests {
    func load(_ fetch: String) throws -> Configuration {
        let json = #"{"fetch": \#(fetch), "sources": []}"#
        return try ConfigurationLoader.load(Data(json.utf8), file: URL(fileURLWithPath: "/srv/trawl/trawl.json"))
    }

    @Test func everyFetchKeyReachesTheFetcherSettings() throws {
        let fetch = try load(
            """
            {"userAgent": "Watcher", "contact": "mailto:a@example.org", "delay": 2.5, "timeout": 40,
             "connectTimeout": 5, "maxBytes": 1000, "robots": false, "maxRedirects": 3,
             "perHostConcurrency": 1, "concurrency": 4, "attempts": 5, "retryDelay": 0.5, "maxRetryDelay": 60}
            """
        ).fetch
        #expect(fetch.userAgentHeader == "Watcher (+mailto:a@example.org)")
        #expect(fetch.delay == .milliseconds(2500))
        #expect(fetch.timeout == .seconds(40))
        #expect(fetch.connectTimeout == .seconds(5))
        #expect(fetch.maxBytes == 1000)
        #expect(fetch.obeysRobots == false)
        #expect(fetch.maxRedirects == 3)
        #expect(fetch.perHostConcurrency == 1)
        #expect(fetch.globalConcurrency == 4)
        #expect(fetch.retry == RetryPolicy(maxAttempts: 5, baseDelay: .milliseconds(500), maxDelay: .seconds(60)))
    }

    @Test(arguments: [
        (#"{"delay": -1}"#, "/srv/trawl/trawl.json:1:21: fetch.delay: must not be negative"),
        (#"{"attempts": 0}"#, "/srv/trawl/trawl.json:1:24: fetch.attempts: must be at least 1"),
        (
            #"{"concurency": 2}"#,
            "/srv/trawl/trawl.json:1:26: fetch.concurency: unknown key 'concurency' (did you mean 'concurrency'?)"
        ),
    ])
    func badFetchValuesAreNamedWithTheirPlace(fetch: String, message: String) throws {
        let error = try #require(throws: ConfigurationError.self) { try load(fetch) }
        #expect(error.description == message)
    }
}
