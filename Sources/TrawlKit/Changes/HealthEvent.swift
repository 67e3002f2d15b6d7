import Foundation

/// A source that stopped working (or working properly), or started again: told once when
/// it breaks and once when it recovers, never once a night while it stays broken.
///
/// Working *properly* means a kept scrape without field warnings (a field empty or
/// unparsed on most items, `RunRecord.Outcome.warnings`): the night they start is told
/// (`degraded`), and the night they stop (`repaired`), whatever their wording in between.
///
/// Worked out from the run records alone (every run, quiet ones too), so the feed and the
/// notifications tell the same story and the same cache always tells it the same way.
struct HealthEvent: Sendable, Hashable {
    enum Kind: String, Sendable, Hashable {
        case broke
        case recovered
        /// Kept scrapes began to give field warnings: the scraper half works.
        case degraded
        /// The field warnings stopped.
        case repaired
    }

    /// Fetch failures in a row that make a source broken: one failed night is often the
    /// other site's bad night; a guard failure (a changed layout) breaks it at once.
    static let failuresToBreak = 2

    var kind: Kind
    var sourceID: String
    var runID: String
    var at: Date
    /// Why it broke: the last error, the guard's reason, or the first field warning.
    var reason: String?
    /// For `degraded`: every field warning of the run.
    var warnings: [String] = []
    /// For `broke`: the failure as data (its kind, URL, status), when the run record has it.
    var error: OutcomeError?

    /// The events of every source in `runs` (oldest first), in run order.
    ///
    /// A source can only stop working once it has worked: failures before the first
    /// success in `runs` make no event, and warnings before the first scrape without them
    /// neither. So when retention prunes the run where a long breakage began, the breakage
    /// is not told again from the oldest run left. A source that works again but still
    /// warns is told to work again only; one that works again without its old warnings
    /// too (the `recovered` event says it). A 304 leaves the warnings as they were.
    static func events(in runs: [RunRecord]) -> [HealthEvent] {
        var failures: [String: Int] = [:]
        var broken: Set<String> = []
        var worked: Set<String> = []
        var warned: Set<String> = []
        var workedProperly: Set<String> = []
        var events: [HealthEvent] = []
        for run in runs.sorted(by: { ($0.started, $0.id) < ($1.started, $1.id) }) {
            for outcome in run.outcomes {
                let id = outcome.sourceID
                if outcome.isSuccess {
                    failures[id] = 0
                    worked.insert(id)
                    let recovered = broken.remove(id) != nil
                    if recovered {
                        events.append(HealthEvent(kind: .recovered, sourceID: id, runID: run.id, at: run.started))
                    }
                    guard outcome.status == .fetched else { continue }
                    let warnings = outcome.warnings ?? []
                    if warnings.isEmpty {
                        workedProperly.insert(id)
                        if warned.remove(id) != nil, !recovered {
                            events.append(HealthEvent(kind: .repaired, sourceID: id, runID: run.id, at: run.started))
                        }
                    } else if workedProperly.contains(id), warned.insert(id).inserted {
                        events.append(
                            HealthEvent(
                                kind: .degraded, sourceID: id, runID: run.id, at: run.started, reason: warnings.first,
                                warnings: warnings))
                    }
                } else {
                    let count = (failures[id] ?? 0) + 1
                    failures[id] = count
                    let breaks = outcome.status == .guarded || count >= failuresToBreak
                    if breaks, worked.contains(id), broken.insert(id).inserted {
                        var event = HealthEvent(
                            kind: .broke, sourceID: id, runID: run.id, at: run.started, reason: outcome.error?.message)
                        event.error = outcome.error
                        events.append(event)
                    }
                }
            }
        }
        return events
    }
}

extension HealthEvent {
    /// The event in words, as feed titles and notifications say it: "NOAA charts stopped
    /// working properly".
    func sentence(sourceName: String) -> String {
        switch kind {
        case .broke: "\(sourceName) stopped working"
        case .recovered: "\(sourceName) works again"
        case .degraded: "\(sourceName) stopped working properly"
        case .repaired: "\(sourceName) works properly again"
        }
    }
}
