import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// Size, redirect and time limits, over real sockets.
@Suite struct FetchLimitsTests {
    @Test func aBodyPastTheCapIsCutOffWhileItArrives() async throws {
        let server = try FixtureServer()
        // No declared length: only counting the bytes as they come can catch it.
        server.route("/huge", .drip(chunks: 200, chunkSize: 10_000, interval: .milliseconds(5), declareLength: false))
        await #expect(throws: FetchError.tooLarge(server.url("/huge"), limit: 50_000)) {
            try await Fetcher(settings: .testing(maxBytes: 50_000)).fetch(server.url("/huge"))
        }
    }

    @Test func aDeclaredLengthPastTheCapFailsAtOnce() async throws {
        let server = try FixtureServer()
        server.route("/huge", .drip(chunks: 200, chunkSize: 10_000, interval: .milliseconds(5)))
        await #expect(throws: FetchError.tooLarge(server.url("/huge"), limit: 50_000)) {
            try await Fetcher(settings: .testing(maxBytes: 50_000)).fetch(server.url("/huge"))
        }
    }

    @Test func aBodyWithinTheCapArrivesWhole() async throws {
        let server = try FixtureServer()
        server.route("/drip", .drip(chunks: 5, chunkSize: 1_000, interval: .milliseconds(5), declareLength: false))
        let result = try await Fetcher(settings: .testing(maxBytes: 5_000)).fetch(server.url("/drip"))
        guard case .page(let page) = result else {
            Issue.record("expected a page, got \(result)")
            return
        }
        #expect(page.body.count == 5_000)
    }

    @Test func aCompressedBodyIsCappedOnItsDecompressedSize() async throws {
        let server = try FixtureServer()
        // 1,000,000 bytes of "a", gzipped to about a kilobyte.
        let gzip = try #require(
            Data(
                base64Encoded: """
                    H4sIAAAAAAACA+3BgQAAAADDINb5SxzkVQEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
                    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
                    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
                    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
                    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
                    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
                    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
                    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
                    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
                    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
                    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
                    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
                    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
                    AAAAAAAAAAAAAAAAAAAAAAAAAK8GvL8l3EBCDwA=
                    """, options: .ignoreUnknownCharacters))
        server.route("/bomb", .bytes(gzip, headers: ["Content-Encoding": "gzip", "Content-Type": "text/plain"]))
        await #expect(throws: FetchError.tooLarge(server.url("/bomb"), limit: 100_000)) {
            try await Fetcher(settings: .testing(maxBytes: 100_000)).fetch(server.url("/bomb"))
        }
        let whole = try await Fetcher(settings: .testing(maxBytes: 2_000_000)).fetch(server.url("/bomb"))
        guard case .page(let page) = whole else {
            Issue.record("expected a page, got \(whole)")
            return
        }
        #expect(page.body == Data(repeating: UInt8(ascii: "a"), count: 1_000_000))
    }

    @Test func redirectsAreFollowedAndThePageKnowsWhereItCameFrom() async throws {
        let server = try FixtureServer()
        server.route("/old", .redirect(to: "/middle", status: 301))
        server.route("/middle", .redirect(to: server.url("/new").absoluteString, status: 307))
        server.route("/new", .ok("moved"))
        let result = try await Fetcher(settings: .testing()).fetch(server.url("/old"))
        guard case .page(let page) = result else {
            Issue.record("expected a page, got \(result)")
            return
        }
        #expect(page.requestedURL == server.url("/old"))
        #expect(page.url == server.url("/new"))
    }

    @Test func aRedirectLoopStopsAtTheLimit() async throws {
        let server = try FixtureServer()
        server.route("/a", .redirect(to: "/b"))
        server.route("/b", .redirect(to: "/a"))
        await #expect(throws: FetchError.tooManyRedirects(server.url("/a"), limit: 4)) {
            try await Fetcher(settings: .testing(maxRedirects: 4)).fetch(server.url("/a"))
        }
        #expect(server.requestCount("/a") + server.requestCount("/b") == 5)
    }

    @Test(arguments: [
        ("https://example.com/a", "http://example.com/b", false),
        ("https://example.com/a", "https://example.com/b", true),
        ("http://example.com/a", "https://example.com/b", true),
        ("http://example.com/a", "/b", true),
        ("https://example.com/a", "ftp://example.com/b", false),
    ])
    func redirectsNeverDowngradeFromHTTPS(from: String, location: String, allowed: Bool) throws {
        let current = try #require(URL(string: from))
        if allowed {
            #expect(throws: Never.self) {
                try Fetcher.redirectTarget(from: current, location: location, requested: current)
            }
        } else {
            #expect(throws: FetchError.self) {
                try Fetcher.redirectTarget(from: current, location: location, requested: current)
            }
        }
    }

    @Test func aDowngradeNamesBothURLs() throws {
        let current = try #require(URL(string: "https://example.com/a"))
        #expect(throws: FetchError.insecureRedirect(current, to: URL(string: "http://example.com/b")!)) {
            try Fetcher.redirectTarget(from: current, location: "http://example.com/b", requested: current)
        }
    }

    @Test func aSlowServerTimesOut() async throws {
        let server = try FixtureServer()
        server.route("/slow", .delayed(.seconds(3), .ok("too late")))
        await #expect(throws: FetchError.timedOut(server.url("/slow"))) {
            try await Fetcher(settings: .testing(attempts: 1, timeout: .milliseconds(500))).fetch(server.url("/slow"))
        }
    }

    @Test func aBodyThatDripsPastTheTotalTimeoutTimesOut() async throws {
        let server = try FixtureServer()
        server.route("/drip", .drip(chunks: 40, chunkSize: 10, interval: .milliseconds(100)))
        var settings = FetchSettings.testing(attempts: 1, timeout: .milliseconds(800))
        settings.connectTimeout = .seconds(5)
        await #expect(throws: FetchError.timedOut(server.url("/drip"))) {
            try await Fetcher(settings: settings).fetch(server.url("/drip"))
        }
    }

    @Test func aResponseHeadThatComesTooLateTimesOut() async throws {
        let server = try FixtureServer()
        server.route("/slow", .delayed(.seconds(3), .ok("too late")))
        var settings = FetchSettings.testing(attempts: 1, timeout: .seconds(10))
        settings.connectTimeout = .milliseconds(300)
        await #expect(throws: FetchError.timedOut(server.url("/slow"))) {
            try await Fetcher(settings: settings).fetch(server.url("/slow"))
        }
    }

    @Test func theConnectTimeoutEndsOnceTheHeadArrives() async throws {
        let server = try FixtureServer()
        // The head comes at once, the body over three seconds, twice the connect timeout.
        server.route("/drip", .drip(chunks: 8, chunkSize: 10, interval: .milliseconds(375)))
        var settings = FetchSettings.testing(attempts: 1, timeout: .seconds(15))
        settings.connectTimeout = .milliseconds(1500)
        let result = try await Fetcher(settings: settings).fetch(server.url("/drip"))
        guard case .page(let page) = result else {
            Issue.record("expected a page, got \(result)")
            return
        }
        #expect(page.body.count == 80)
    }

    @Test func fileURLsAreReadAndCapped() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("page.html")
        try Data(repeating: UInt8(ascii: "x"), count: 2_000).write(to: file)
        let result = try await Fetcher(settings: .testing()).fetch(file)
        guard case .page(let page) = result else {
            Issue.record("expected a page, got \(result)")
            return
        }
        #expect(page.body.count == 2_000)
        await #expect(throws: FetchError.tooLarge(file, limit: 1_000)) {
            try await Fetcher(settings: .testing(maxBytes: 1_000)).fetch(file)
        }
        await #expect(throws: FetchError.self) {
            try await Fetcher(settings: .testing()).fetch(directory.file("missing.html"))
        }
    }
}
