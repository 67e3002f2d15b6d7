import Foundation

/// How long run records are kept: a record goes once it is both beyond the newest `runs`
/// and older than `days`, so a cache keeps at least `runs` records and at least `days` of them.
///
/// Either limit may be nil: then the other alone decides; with neither, everything is kept.
/// The newest record is always kept, so `trawl diff` and the site can show the last run.
public struct RetentionPolicy: Sendable, Hashable, Codable {
    /// The newest records always kept; nil for no limit by count.
    public var runs: Int?
    /// Records younger than this many days are kept; nil for no limit by age.
    public var days: Int?

    /// A policy keeping `runs` records and `days` days of them.
    public init(runs: Int? = nil, days: Int? = nil) {
        self.runs = runs
        self.days = days
    }

    /// The configuration's `retention` block.
    public init(_ settings: RetentionSettings) {
        self.init(runs: settings.runs, days: settings.days)
    }

    /// The ids in `ids` (sorted oldest first) that this policy no longer keeps.
    func expired(_ ids: [String], now: Date) -> [String] {
        guard ids.count > 1, runs != nil || days != nil else { return [] }
        let candidates = ids.dropLast()
        let beyondNewest = Set(runs.map { ids.dropLast(max($0, 1)) } ?? candidates)
        let cutoff = days.map { now.addingTimeInterval(-Double($0) * 86_400) }
        return candidates.filter { id in
            guard beyondNewest.contains(id) else { return false }
            guard let cutoff else { return true }
            // A record whose id names no time is kept: better too much than a lost record.
            return RunRecord.date(fromID: id).map { $0 < cutoff } ?? false
        }
    }
}
