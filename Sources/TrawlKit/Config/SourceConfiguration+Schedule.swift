import Foundation

extension SourceConfiguration {
    /// When the source is next fetched, given its last attempt: nil when every run fetches
    /// it (no `every`, or never tried).
    ///
    /// A source is due a little before `every` has passed — 5% of it, at most five
    /// minutes — because a run's start time, which is what the cache keeps as the attempt,
    /// drifts by seconds from night to night: `"every": "6h"` under an hourly cron is then
    /// fetched every sixth run, not every seventh.
    public func nextDue(lastAttempt: Date?) -> Date? {
        guard let every, let lastAttempt else { return nil }
        return lastAttempt.addingTimeInterval(every - min(every * 0.05, 300))
    }

    /// Whether a run at `now` fetches the source.
    public func isDue(at now: Date, lastAttempt: Date?) -> Bool {
        guard let due = nextDue(lastAttempt: lastAttempt) else { return true }
        return now >= due
    }
}
