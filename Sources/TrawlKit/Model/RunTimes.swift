import Foundation

/// When a source was last tried and last succeeded: the one computation that health, the
/// store (from the run records on disk) and the site (from the runs it shows) all use.
public struct RunTimes: Sendable, Hashable {
    public var lastAttempt: Date?
    public var lastSuccess: Date?

    public init(lastAttempt: Date? = nil, lastSuccess: Date? = nil) {
        self.lastAttempt = lastAttempt
        self.lastSuccess = lastSuccess
    }

    /// An attempt at `time` that succeeded or not: each time keeps the latest it was told.
    public mutating func record(success: Bool, at time: Date) {
        lastAttempt = Self.latest(lastAttempt, time)
        if success { lastSuccess = Self.latest(lastSuccess, time) }
    }

    /// An outcome of a run started at `time`.
    public mutating func record(_ outcome: RunRecord.Outcome, at time: Date) {
        record(success: outcome.isSuccess, at: time)
    }

    /// The later of each time in the two.
    public func merged(with other: RunTimes) -> RunTimes {
        RunTimes(
            lastAttempt: Self.latest(lastAttempt, other.lastAttempt),
            lastSuccess: Self.latest(lastSuccess, other.lastSuccess))
    }

    /// Each source's times in `runs` (their start and outcomes), in any order.
    public static func bySource(
        _ runs: some Sequence<(started: Date, outcomes: [RunRecord.Outcome])>
    ) -> [String: RunTimes] {
        var times: [String: RunTimes] = [:]
        for run in runs {
            for outcome in run.outcomes {
                times[outcome.sourceID, default: RunTimes()].record(outcome, at: run.started)
            }
        }
        return times
    }

    /// Each source's times in `runs`.
    public static func bySource(_ runs: [RunRecord]) -> [String: RunTimes] {
        bySource(runs.lazy.map { ($0.started, $0.outcomes) })
    }

    private static func latest(_ date: Date?, _ other: Date?) -> Date? {
        guard let date else { return other }
        guard let other else { return date }
        return max(date, other)
    }
}
