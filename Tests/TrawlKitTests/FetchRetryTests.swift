import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// Retries of passing failures, against a real server on 127.0.0.1.
@Suite struct FetchRetryTests {
    @Test func a503WithRetryAfterIsRetriedAndThenSucceeds() async throws {
        let server = try FixtureServer()
        server.route("/page", .status(503, headers: ["Retry-After": "1"]), .ok("<p>back</p>"))
        let result = try await Fetcher(settings: .testing()).fetch(server.url("/page"))
        guard case .page(let page) = result else {
            Issue.record("expected a page, got \(result)")
            return
        }
        #expect(String(decoding: page.body, as: UTF8.self) == "<p>back</p>")
        #expect(server.requestCount("/page") == 2)
    }

    @Test(arguments: [429, 502, 503, 504])
    func passingStatusesAreRetried(status: Int) async throws {
        let server = try FixtureServer()
        server.route("/page", .status(status), .ok("fine"))
        _ = try await Fetcher(settings: .testing()).fetch(server.url("/page"))
        #expect(server.requestCount("/page") == 2)
    }

    @Test func givesUpAfterTheConfiguredAttemptsAndNamesTheStatus() async throws {
        let server = try FixtureServer()
        server.route("/page", .status(503))
        await #expect(throws: FetchError.serverError(server.url("/page"), status: 503)) {
            try await Fetcher(settings: .testing(attempts: 3)).fetch(server.url("/page"))
        }
        #expect(server.requestCount("/page") == 3)
    }

    @Test(arguments: [400, 401, 403, 404, 410, 418])
    func otherClientErrorsAreNeverRetried(status: Int) async throws {
        let server = try FixtureServer()
        server.route("/page", .status(status))
        await #expect(throws: FetchError.self) {
            try await Fetcher(settings: .testing(attempts: 3)).fetch(server.url("/page"))
        }
        #expect(server.requestCount("/page") == 1)
    }

    @Test func aRetryAfterBeyondTheCapEndsTheRetries() async throws {
        let server = try FixtureServer()
        server.route("/page", .status(503, headers: ["Retry-After": "3600"]), .ok("too late"))
        await #expect(throws: FetchError.serverError(server.url("/page"), status: 503)) {
            try await Fetcher(settings: .testing(attempts: 3)).fetch(server.url("/page"))
        }
        #expect(server.requestCount("/page") == 1)
    }

    @Test func aResetConnectionIsRetriedThenReportedAsUnreachable() async throws {
        let server = try FixtureServer()
        server.route("/page", .drop)
        let error = await #expect(throws: FetchError.self) {
            try await Fetcher(settings: .testing(attempts: 2)).fetch(server.url("/page"))
        }
        guard let error, error.code == .unreachable else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(error.url == server.url("/page"))
        // libcurl itself retries once when a reused connection dies before answering,
        // so the server may see more requests than the fetcher made attempts.
        #expect(server.requestCount("/page") >= 2)
    }

    @Test func aConnectionDroppedMidBodyIsRetried() async throws {
        let server = try FixtureServer()
        server.route("/page", .dropMidBody(length: 10_000, after: 1_000), .ok("whole"))
        let result = try await Fetcher(settings: .testing()).fetch(server.url("/page"))
        guard case .page(let page) = result else {
            Issue.record("expected a page, got \(result)")
            return
        }
        #expect(String(decoding: page.body, as: UTF8.self) == "whole")
    }

    @Test func aRefusedConnectionIsUnreachable() async throws {
        let server = try FixtureServer()
        let url = server.url("/page")
        server.stop()
        let error = await #expect(throws: FetchError.self) {
            try await Fetcher(settings: .testing(attempts: 1)).fetch(url)
        }
        #expect(error?.description.contains("network unreachable") == true)
        #expect(error?.description.contains(url.absoluteString) == true)
    }

    @Test func cancellingTheRunStopsAFetchInFlight() async throws {
        let server = try FixtureServer()
        server.route("/slow", .delayed(.seconds(5), .ok("late")))
        let fetcher = Fetcher(settings: .testing(timeout: .seconds(30)))
        let fetch = Task { try await fetcher.fetch(server.url("/slow")) }
        try await Task.sleep(for: .milliseconds(200))
        fetch.cancel()
        await #expect(throws: CancellationError.self) { try await fetch.value }
    }

    @Test(arguments: [("1", Duration.seconds(1)), ("0", .zero)])
    func theWaitIsWhatRetryAfterAsked(header: String, wait: Duration) async throws {
        let server = try FixtureServer()
        server.route("/page", .status(429, headers: ["Retry-After": header]), .ok("fine"))
        let waits = RecordedWaits()
        _ = try await Fetcher(settings: .testing(), sleep: { waits.record($0) }).fetch(server.url("/page"))
        #expect(waits.all == [wait])
    }

    @Test func withoutRetryAfterTheWaitsBackOffWithJitter() async throws {
        let server = try FixtureServer()
        server.route("/page", .status(502))
        var settings = FetchSettings.testing(attempts: 4)
        settings.retry.baseDelay = .seconds(1)
        settings.retry.maxDelay = .seconds(30)
        let waits = RecordedWaits()
        await #expect(throws: FetchError.serverError(server.url("/page"), status: 502)) {
            try await Fetcher(settings: settings, sleep: { waits.record($0) }).fetch(server.url("/page"))
        }
        let all = waits.all
        #expect(all.count == 3)
        for (wait, backoff) in zip(all, [Duration.seconds(1), .seconds(2), .seconds(4)]) {
            #expect(wait >= backoff / 2 && wait <= backoff)
        }
    }
}

/// The waits a fetcher asked for, instead of sleeping through them.
final class RecordedWaits: @unchecked Sendable {
    private let lock = NSLock()
    private var waits: [Duration] = []

    func record(_ wait: Duration) {
        lock.withLock { waits.append(wait) }
    }

    var all: [Duration] { lock.withLock { waits } }
}
