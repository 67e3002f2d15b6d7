import Foundation

/// How long run records are kept: the newest `runs` of them, none older than `days`.
///
/// Either limit may be nil (no limit). The newest record is always kept, so `trawl diff`
/// and the site can always show the last run.
public struct RetentionPolicy: Sendable, Hashable, Codable {
    public var runs: Int?
    public var days: Int?

    public init(runs: Int? = nil, days: Int? = nil) {
        self.runs = runs
        self.days = days
    }

    /// A year of nightly runs.
    public static let standard = RetentionPolicy(runs: 365, days: 365)

    /// The ids in `ids` (sorted oldest first) that this policy no longer keeps.
    func expired(_ ids: [String], now: Date) -> [String] {
        guard ids.count > 1 else { return [] }
        let candidates = ids.dropLast()
        var doomed: Set<String> = []
        if let runs {
            doomed.formUnion(ids.dropLast(max(runs, 1)))
        }
        if let days {
            let cutoff = now.addingTimeInterval(-Double(days) * 86_400)
            for id in candidates {
                if let date = RunRecord.date(fromID: id), date < cutoff { doomed.insert(id) }
            }
        }
        return candidates.filter(doomed.contains)
    }
}
