import Foundation

/// A source that stopped working, or started again: told once when it breaks and once
/// when it recovers, never once a night while it stays broken.
///
/// Worked out from the run records alone (every run, quiet ones too), so the feed and the
/// notifications tell the same story and the same cache always tells it the same way.
public struct HealthEvent: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case broke
        case recovered
    }

    /// Fetch failures in a row that make a source broken: one failed night is often the
    /// other site's bad night; a guard failure (a changed layout) breaks it at once.
    public static let failuresToBreak = 2

    public var kind: Kind
    public var sourceID: String
    public var runID: String
    public var at: Date
    /// Why it broke: the last error, or the guard's reason.
    public var reason: String?

    /// The events of every source in `runs` (oldest first), in run order.
    ///
    /// A source can only stop working once it has worked: failures before the first
    /// success in `runs` make no event. So when retention prunes the run where a long
    /// breakage began, the breakage is not told again from the oldest run left.
    public static func events(in runs: [RunRecord]) -> [HealthEvent] {
        var failures: [String: Int] = [:]
        var broken: Set<String> = []
        var worked: Set<String> = []
        var events: [HealthEvent] = []
        for run in runs.sorted(by: { ($0.started, $0.id) < ($1.started, $1.id) }) {
            for outcome in run.outcomes {
                let id = outcome.sourceID
                switch outcome.status {
                case .fetched, .notModified:
                    failures[id] = 0
                    worked.insert(id)
                    if broken.remove(id) != nil {
                        events.append(HealthEvent(kind: .recovered, sourceID: id, runID: run.id, at: run.started))
                    }
                case .failed, .guarded:
                    let count = (failures[id] ?? 0) + 1
                    failures[id] = count
                    let breaks = outcome.status == .guarded || count >= failuresToBreak
                    if breaks, worked.contains(id), broken.insert(id).inserted {
                        events.append(
                            HealthEvent(
                                kind: .broke, sourceID: id, runID: run.id, at: run.started, reason: outcome.error))
                    }
                }
            }
        }
        return events
    }
}
