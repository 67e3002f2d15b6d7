import Foundation

extension RunRecord {
    /// One run read from the records of its shards (and a whole-run record, if any): outcomes
    /// and changes in configuration order, as one process would have recorded them, and the
    /// shards that did not report named in `missingShards`.
    init(merging parts: [RunRecord], id: String) {
        var rows: [(position: Int, part: Int, outcome: Outcome, changes: [Change])] = []
        for (partIndex, part) in parts.enumerated() {
            let changes = part.changesBySource
            for (index, outcome) in part.outcomes.enumerated() {
                let position = part.positions.flatMap { index < $0.count ? $0[index] : nil } ?? Int.max
                rows.append((position, partIndex, outcome, changes[outcome.sourceID] ?? []))
            }
        }
        rows.sort { ($0.position, $0.part) < ($1.position, $1.part) }
        self.init(
            id: id, started: parts.map(\.started).min() ?? Date(timeIntervalSince1970: 0),
            finished: parts.map(\.finished).max() ?? Date(timeIntervalSince1970: 0),
            outcomes: rows.map(\.outcome), changes: rows.flatMap(\.changes))
        let reported = Set(parts.compactMap(\.shard))
        let missing = Set(reported.map(\.count)).flatMap { count in
            (1...count).compactMap { index in try? Shard(index: index, count: count) }
                .filter { !reported.contains($0) }
        }.sorted()
        missingShards = missing.isEmpty ? nil : missing
    }

    /// The sources a missing shard would have tried: those of `sourceIDs` that are its.
    public func sourcesNotTried(of sourceIDs: [String]) -> [String] {
        guard let missing = missingShards else { return [] }
        let tried = Set(outcomes.map(\.sourceID))
        return sourceIDs.filter { id in !tried.contains(id) && missing.contains { $0.contains(id) } }
    }

    /// This record with `later` entries of the same run added (a shard run again with the
    /// same `--run-id`, or a journal recovered into a record that exists): an entry whose
    /// outcome and changes the record holds already is not counted twice; otherwise its
    /// outcome replaces the source's and its changes follow the source's earlier ones.
    func adding(_ later: [RunJournal.SourceEntry], finished: Date) -> RunRecord {
        // A whole run's record keeps no positions: its rows stay first, in their order.
        var rows: [(position: Int, outcome: Outcome, changes: [Change])] = outcomes.enumerated().map {
            index, outcome in
            (positions.flatMap { index < $0.count ? $0[index] : nil } ?? -1, outcome, changes(of: outcome.sourceID))
        }
        for entry in later {
            if let row = rows.firstIndex(where: { $0.outcome.sourceID == entry.outcome.sourceID }) {
                let held = rows[row]
                if held.outcome == entry.outcome, entry.changes.isEmpty || held.changes.ends(with: entry.changes) {
                    continue
                }
                rows[row] = (held.position, entry.outcome, held.changes + entry.changes)
            } else {
                rows.append((entry.index, entry.outcome, entry.changes))
            }
        }
        rows = rows.enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }
            .map(\.element)
        var record = RunRecord(
            id: id, started: started, finished: max(self.finished, finished), outcomes: rows.map(\.outcome),
            changes: rows.flatMap(\.changes))
        record.shard = shard
        record.positions = shard == nil ? nil : rows.map(\.position)
        return record
    }
}

extension Array where Element: Equatable {
    fileprivate func ends(with suffix: [Element]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
