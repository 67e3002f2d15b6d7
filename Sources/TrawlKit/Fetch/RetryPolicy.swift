import Foundation
import TrawlDates

/// When a failed request is worth another try, and how long to wait first.
///
/// Connection errors, timeouts, 429, 502, 503 and 504 are retried, with exponential
/// backoff and jitter, or after the server's `Retry-After` (RFC 9110 §10.2.3) when it
/// sends one; other 4xx answers never are. A `Retry-After` beyond `maxDelay` ends the
/// retries: coming back sooner than asked would be rude, and waiting longer stalls the run.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included.
    public var maxAttempts: Int
    /// The wait before the second attempt; it doubles for each one after.
    public var baseDelay: Duration
    /// The longest wait between two attempts.
    public var maxDelay: Duration

    /// At most `maxAttempts` tries, backing off from `baseDelay` up to `maxDelay`.
    public init(maxAttempts: Int = 3, baseDelay: Duration = .seconds(1), maxDelay: Duration = .seconds(30)) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    /// Whether an HTTP status is a passing condition worth another try.
    public static func isRetryable(status: Int) -> Bool {
        [429, 502, 503, 504].contains(status)
    }

    /// The wait before attempt `attempt + 1`, or nil to give up.
    ///
    /// - Parameters:
    ///   - attempt: the attempt that just failed, counting from 1.
    ///   - retryAfter: the response's `Retry-After` value, if any.
    ///   - jitter: a number in 0...1; the backoff is scaled into its upper half by it.
    public func delay(after attempt: Int, retryAfter: String? = nil, now: Date = Date(), jitter: Double) -> Duration? {
        guard attempt < maxAttempts else { return nil }
        if let retryAfter, let asked = Self.parseRetryAfter(retryAfter, now: now) {
            return asked <= maxDelay ? asked : nil
        }
        let exponent = min(attempt - 1, 30)
        let backoff = min(baseDelay * (1 << exponent), maxDelay)
        // "Equal jitter": at least half the backoff, so retries never bunch up at zero.
        return backoff / 2 + backoff / 2 * min(max(jitter, 0), 1)
    }

    /// `Retry-After` as a wait: delay-seconds or an HTTP-date (RFC 9110 §10.2.3).
    public static func parseRetryAfter(_ value: String, now: Date = Date()) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(text) { return seconds >= 0 ? .seconds(seconds) : nil }
        guard let date = DateCodec.parseHTTPDate(text) else { return nil }
        let wait = date.timeIntervalSince(now)
        return wait > 0 ? .milliseconds(Int((wait * 1000).rounded(.up))) : .zero
    }
}
