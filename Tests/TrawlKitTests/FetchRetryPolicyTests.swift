import Foundation
import Testing
import TrawlKit

/// Backoff, jitter and Retry-After (RFC 9110 §10.2.3), without a network.
@Suite struct FetchRetryPolicyTests {
    let policy = RetryPolicy(maxAttempts: 5, baseDelay: .seconds(1), maxDelay: .seconds(10))

    @Test(arguments: [(1, 1), (2, 2), (3, 4), (4, 8)])
    func backoffDoublesWithEachAttempt(attempt: Int, seconds: Int) {
        #expect(policy.delay(after: attempt, jitter: 1) == .seconds(seconds))
    }

    @Test func jitterKeepsAtLeastHalfTheBackoff() {
        #expect(policy.delay(after: 3, jitter: 0) == .seconds(2))
        #expect(policy.delay(after: 3, jitter: 0.5) == .seconds(3))
    }

    @Test func backoffStopsAtTheCap() {
        let long = RetryPolicy(maxAttempts: 20, baseDelay: .seconds(1), maxDelay: .seconds(10))
        #expect(long.delay(after: 15, jitter: 1) == .seconds(10))
    }

    @Test func noDelayAfterTheLastAttempt() {
        #expect(policy.delay(after: 5, jitter: 1) == nil)
    }

    @Test func retryAfterSecondsWinOverBackoff() {
        #expect(policy.delay(after: 1, retryAfter: "7", jitter: 1) == .seconds(7))
    }

    @Test func retryAfterAnHTTPDateIsTheTimeUntilThen() {
        let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(RetryPolicy.parseRetryAfter("Sun, 06 Nov 1994 08:49:42 GMT", now: now) == .seconds(5))
        #expect(RetryPolicy.parseRetryAfter("Sun, 06 Nov 1994 08:00:00 GMT", now: now) == .zero)
    }

    @Test func aRetryAfterBeyondTheCapGivesUp() {
        #expect(policy.delay(after: 1, retryAfter: "11", jitter: 1) == nil)
    }

    @Test(arguments: ["soon", "-3", ""])
    func anUnreadableRetryAfterFallsBackToBackoff(value: String) {
        #expect(policy.delay(after: 2, retryAfter: value, jitter: 1) == .seconds(2))
    }

    @Test(arguments: [(429, true), (502, true), (503, true), (504, true), (500, false), (404, false), (400, false)])
    func onlyPassingStatusesAreRetryable(status: Int, retryable: Bool) {
        #expect(RetryPolicy.isRetryable(status: status) == retryable)
    }
}
