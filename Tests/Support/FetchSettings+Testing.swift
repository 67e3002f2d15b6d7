import Foundation
import TrawlKit

extension FetchSettings {
    /// Settings for tests against the fixture server: no politeness delay, quick retries
    /// and short timeouts, so a suite runs in seconds.
    public static func testing(
        maxBytes: Int = 20_000_000, attempts: Int = 3, timeout: Duration = .seconds(5),
        maxRedirects: Int = 5, contact: String? = nil
    ) -> FetchSettings {
        FetchSettings(
            contact: contact, delay: .zero, timeout: timeout, maxBytes: maxBytes, connectTimeout: timeout,
            maxRedirects: maxRedirects,
            retry: RetryPolicy(maxAttempts: attempts, baseDelay: .milliseconds(10), maxDelay: .seconds(2)))
    }
}
