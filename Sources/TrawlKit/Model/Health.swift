import Foundation

/// How a source has fared across runs.
///
/// The pipeline records each scrape's outcome with one call (`recordSuccess`,
/// `recordNotModified`, `recordFailure`, `recordGuarded`) and saves the result.
public struct Health: Sendable, Hashable {
    /// The version of the `health.json` format written.
    public static let schemaVersion = 1

    /// The version of the file this was read from.
    public var schemaVersion: Int = Health.schemaVersion
    /// When the source was last tried.
    public var lastAttempt: Date?
    /// When a scrape of the source was last kept.
    public var lastSuccess: Date?
    /// Failed or guarded runs since the last success.
    public var consecutiveFailures: Int = 0
    /// Why the last attempt failed or was guarded; nil after a success.
    public var lastError: OutcomeError?
    /// How many items the last kept scrape had.
    public var itemCount: Int = 0
    /// True when the last attempt failed or was guarded: what is shown is the last good snapshot.
    public var stale: Bool = false
    /// What was wrong with the last kept scrape (a field empty or unparsed on most items);
    /// nil when nothing was. They describe the snapshot shown, so a failure keeps them.
    public var warnings: [String]?

    /// A source never tried.
    public init() {}

    /// A scrape that fetched and kept `itemCount` items, with what was wrong with them.
    public mutating func recordSuccess(itemCount: Int, warnings: [String]? = nil, at time: Date) {
        times.record(success: true, at: time)
        consecutiveFailures = 0
        lastError = nil
        self.itemCount = itemCount
        self.warnings = warnings?.isEmpty == true ? nil : warnings
        stale = false
    }

    /// A conditional GET answered 304: the last good snapshot, and its warnings, are still current.
    public mutating func recordNotModified(at time: Date) {
        recordSuccess(itemCount: itemCount, warnings: warnings, at: time)
    }

    /// A fetch or scrape that failed; the last good snapshot stays and is now stale.
    public mutating func recordFailure(_ error: OutcomeError, at time: Date) {
        times.record(success: false, at: time)
        consecutiveFailures += 1
        lastError = error
        stale = true
    }

    /// A scrape that looked like a broken layout (no items, most items gone, required
    /// fields missing): counted as a failure, so no flood of removals reaches subscribers.
    public mutating func recordGuarded(_ reason: OutcomeError, at time: Date) {
        recordFailure(reason, at: time)
    }

    /// Records `outcome` the way its status says.
    public mutating func record(_ outcome: RunRecord.Outcome, at time: Date) {
        switch outcome.status {
        case .fetched: recordSuccess(itemCount: outcome.itemCount, warnings: outcome.warnings, at: time)
        case .notModified: recordNotModified(at: time)
        case .failed: recordFailure(outcome.error ?? OutcomeError(kind: .other, message: "failed"), at: time)
        case .guarded:
            recordGuarded(
                outcome.error ?? OutcomeError(kind: .layoutGuard, message: "the page layout may have changed"), at: time
            )
        }
    }

    /// When the source was last tried and last succeeded.
    public var times: RunTimes {
        get { RunTimes(lastAttempt: lastAttempt, lastSuccess: lastSuccess) }
        set { (lastAttempt, lastSuccess) = (newValue.lastAttempt, newValue.lastSuccess) }
    }

    /// True when a 304 would leave it as it is but for its times: no failure, no error, not
    /// stale. The pipeline skips reading such a health file on a quiet night (`http.json`
    /// keeps its signature).
    var isSteady: Bool {
        var next = self
        next.recordNotModified(at: lastAttempt ?? Date(timeIntervalSince1970: 0))
        return next.hasSameState(as: self)
    }

    /// True when the two differ only in when the source was last tried and last succeeded:
    /// such a health is not rewritten, because run records already hold those times.
    func hasSameState(as other: Health) -> Bool {
        var mine = self
        mine.lastAttempt = other.lastAttempt
        mine.lastSuccess = other.lastSuccess
        return mine == other
    }
}
