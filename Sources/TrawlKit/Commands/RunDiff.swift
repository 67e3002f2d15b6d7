import Foundation
import TrawlDates
import TrawlJSON

/// A run's changes grouped by source, as `trawl diff` prints them.
///
/// The text says each change as pages, digests and feeds do (`ChangeDescription`: "Chart 1
/// rescaled: 1:80,000 → 1:40,000"); the JSON keeps the stored values, plus that `text`.
struct RunDiff: Sendable {
    /// One source's outcome in the run and the changes found for it.
    struct SourceChanges: Sendable {
        var id: String
        /// `fetched`, `notModified`, `failed`, `guarded`; nil when the run has no outcome for it.
        var status: RunRecord.Outcome.Status?
        var items: Int?
        var error: OutcomeError?
        var changes: [Change]

        /// Every key present, absent values as null; each change as stored, with its sentence as `text`.
        var json: JSONValue {
            .object([
                ("id", .string(id)),
                ("status", status.map { .string($0.rawValue) } ?? .null),
                ("items", items.map(JSONValue.int) ?? .null),
                ("error", error.map { .string($0.message) } ?? .null),
                ("errorKind", error.map { .string($0.kind.rawValue) } ?? .null),
                ("changes", .array(changes.map(RunDiff.json(describing:)))),
            ])
        }
    }

    /// A change as stored, with its sentence beside it as `text`.
    static func json(describing change: Change) -> JSONValue {
        guard case .object(let members) = change.cacheJSON.content else { return change.cacheJSON }
        return .object(members + [("text", .string(description(of: change).sentence))])
    }

    var run: String
    var started: Date
    var finished: Date
    var sources: [SourceChanges]
    /// The shards of a sharded run that did not report (absent when all did).
    var missingShards: [Shard]?
    /// The sources those shards would have scraped: not tried this run, neither failed nor removed.
    var notTried: [String]?

    /// Groups in the order of the run's outcomes; sources with changes but no outcome follow.
    /// `notTried`: the sources of the shards that did not report (`RunRecord.sourcesNotTried(of:)`).
    init(_ record: RunRecord, notTried: [String] = []) {
        missingShards = record.missingShards
        self.notTried = record.missingShards == nil ? nil : notTried
        run = record.id
        started = record.started
        finished = record.finished
        var order: [String] = record.outcomes.map(\.sourceID)
        for change in record.changes where !order.contains(change.sourceID) { order.append(change.sourceID) }
        let changesBySource = Dictionary(grouping: record.changes, by: \.sourceID)
        sources = order.map { id in
            let outcome = record.outcomes.first { $0.sourceID == id }
            return SourceChanges(
                id: id, status: outcome?.status, items: outcome?.itemCount, error: outcome?.error,
                changes: changesBySource[id] ?? [])
        }
    }

    /// The report as JSON, as `trawl diff --json` prints it (keys sorted, absent ones left out).
    var json: JSONValue {
        .members([
            ("run", .string(run)),
            ("started", .date(started)),
            ("finished", .date(finished)),
            ("sources", .array(sources.map(\.json))),
            ("missingShards", missingShards.map { .array($0.map(\.cacheJSON)) }),
            ("notTried", notTried.map(JSONValue.strings)),
        ])
    }

    /// The bytes `trawl diff --json` prints.
    var jsonData: Data { CacheJSONLayout.data(json) }

    /// The report as text: a heading, then each source and its changes, indented.
    var text: String {
        let count = sources.reduce(0) { $0 + $1.changes.filter(\.isNews).count }
        let changed = sources.filter { !$0.changes.isEmpty }.count
        var lines = [
            "run \(run) (started \(DateCodec.rfc3339(started))): "
                + "\(CountText.of(count, "change", "changes")) in \(changed) of \(CountText.of(sources.count, "source", "sources"))"
        ]
        for shard in missingShards ?? [] {
            lines.append("\(shard) did not report: its sources were not tried this run (not failed, not removed)")
        }
        if let notTried, !notTried.isEmpty { lines.append("not tried: " + notTried.joined(separator: ", ")) }
        for source in sources {
            lines.append("")
            lines.append("\(source.id): \(Self.outcome(source))")
            for change in source.changes where change.isNews {
                lines.append(contentsOf: Self.lines(for: change))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func outcome(_ source: SourceChanges) -> String {
        if let baseline = source.changes.first(where: { $0.kind == .baseline }) {
            let tracked = baseline.trackedItems ?? 0
            if baseline.rebaselineReason != nil {
                return "source updated, now tracking \(CountText.of(tracked, "item", "items")) (no news)"
            }
            return "baseline, now tracking \(CountText.of(tracked, "item", "items"))"
        }
        let items = source.items.map { ", \(CountText.of($0, "item", "items"))" } ?? ""
        switch source.status {
        case .fetched?: return source.changes.isEmpty ? "fetched\(items), no changes" : "fetched\(items)"
        case .notModified?: return "not modified\(items)"
        case .failed?: return "failed: \(source.error?.message ?? "unknown error")"
        case .guarded?: return "guarded: \(source.error?.message ?? "the page layout may have changed")"
        case nil: return "changes without an outcome"
        }
    }

    /// The change in the words of pages and feeds; the source is named by the item's title.
    static func description(of change: Change) -> ChangeDescription {
        ChangeDescription(change, sourceName: change.sourceID)
    }

    /// `  ~ Chart 1 rescaled: 1:80,000 → 1:40,000  [id]`, then the fields the sentence
    /// does not already say: old → new, or a changed text's words as `[-old-]{+new+}`
    /// (as `git diff --word-diff=plain` shows them).
    private static func lines(for change: Change) -> [String] {
        let marks: [Change.Kind: String] = [.added: "+", .changed: "~", .removed: "-", .reappeared: "^"]
        let description = description(of: change)
        let lines = ["  \(marks[change.kind] ?? "?") \(description.sentence)  [\(SafeText.line(change.itemID))]"]
        return lines + description.detailLines.map { "      " + $0 }
    }
}
