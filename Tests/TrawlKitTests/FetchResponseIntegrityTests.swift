import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// Answers that break HTTP are errors that say what broke, over real sockets.
@Suite struct FetchResponseIntegrityTests {
    @Test func anOverflowingContentLengthIsAnInvalidResponseNotAPage() async throws {
        let server = try FixtureServer()
        server.route("/huge", .status(200, headers: ["Content-Length": "99999999999999999999"], body: "abcdef"))
        let url = server.url("/huge")
        await #expect(throws: FetchError.self) {
            try await Fetcher(settings: .testing(attempts: 1)).fetch(url)
        }
        do {
            _ = try await Fetcher(settings: .testing(attempts: 1)).fetch(url)
        } catch {
            #expect("\(error)".contains("Content-Length \"99999999999999999999\" is not a byte count"))
        }
    }

    @Test func aBodyCutShortOfItsLengthIsNotAPage() async throws {
        let server = try FixtureServer()
        server.route("/cut", .dropMidBody(length: 10_000, after: 2_000))
        await #expect(throws: FetchError.self) {
            try await Fetcher(settings: .testing(attempts: 1)).fetch(server.url("/cut"))
        }
    }

    @Test func aRedirectWithoutLocationSaysSoInsteadOfNetworkUnreachable() async throws {
        let server = try FixtureServer()
        server.route("/moved", .status(302))
        let url = server.url("/moved")
        do {
            _ = try await Fetcher(settings: .testing(attempts: 1)).fetch(url)
            Issue.record("a 302 without Location was taken as a page")
        } catch let error as FetchError {
            #expect(error == .redirectWithoutLocation(url, status: 302))
            #expect(!error.description.contains("unreachable"))
            #expect(error.description.contains("no Location header"))
        }
    }

    @Test func anEndlessBodyStopsAtTheCap() async throws {
        let server = try FixtureServer()
        // Far more than the cap, undeclared: only counting as it arrives stops it.
        server.route(
            "/endless", .drip(chunks: 1_000_000, chunkSize: 16_384, interval: .zero, declareLength: false))
        await #expect(throws: FetchError.tooLarge(server.url("/endless"), limit: 1_000_000)) {
            try await Fetcher(settings: .testing(maxBytes: 1_000_000)).fetch(server.url("/endless"))
        }
    }

    @Test func aFetchErrorNamesItsURLOnce() async throws {
        let server = try FixtureServer()
        let url = server.url("/gone")
        server.stop()
        let run = try await SelectCommandTests.select(["li", url.absoluteString])
        #expect(run.errors.contains("error: \(url.absoluteString): network unreachable"))
        #expect(!run.errors.contains("\(url.absoluteString): \(url.absoluteString)"))
    }
}
