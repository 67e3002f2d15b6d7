import Foundation
import Mustache
import TrawlDates

/// One run on the front page: when, what it found, and its changes grouped by source.
struct RunView: MustacheObject {
    struct SourceChanges: MustacheObject {
        var name: String
        var href: String
        /// `2 added, 1 changed`.
        var counts: String
        var changes: [ChangeView]
        /// How many changes are not listed here (the source's page and feed have them all).
        var more: Int
        var hasMore: Bool
        var hasChanges: Bool

        func member(_ key: String) -> MustacheValue? {
            switch key {
            case "name": return .string(name)
            case "href": return .string(href)
            case "counts": return .string(counts)
            case "changes": return .list(of: changes)
            case "more": return .int(more)
            case "hasMore": return .bool(hasMore)
            case "hasChanges": return .bool(hasChanges)
            default: return nil
            }
        }
    }

    var time: String
    var text: String
    /// `6 sources, 1 failed, 5 changes`.
    var summary: String
    var sources: [SourceChanges]
    var hasSources: Bool

    func member(_ key: String) -> MustacheValue? {
        switch key {
        case "time": return .string(time)
        case "text": return .string(text)
        case "summary": return .string(summary)
        case "sources": return .list(of: sources)
        case "hasSources": return .bool(hasSources)
        default: return nil
        }
    }

    /// `budget` is how many changes may still be listed on the page; what this run lists is taken from it.
    init(_ run: RunRecord, content: SiteContent, root: String, wording: ValueWording, budget: inout Int) {
        time = DateCodec.rfc3339(run.started)
        text = wording.dateTime(run.started)
        summary = Self.summary(run, sourceIDs: content.sources.map(\.id))
        var sources: [SourceChanges] = []
        let changesBySource = run.changesBySource
        for source in content.sources {
            let changes = changesBySource[source.id] ?? []
            guard !changes.isEmpty else { continue }
            let shown = changes.prefix(max(0, budget)).map { change in
                ChangeView(ChangeDescription(change, sourceName: source.name), root: root, wording: wording)
            }
            budget -= shown.count
            sources.append(
                SourceChanges(
                    name: source.name, href: "\(root)sources/\(source.id)/index.html",
                    counts: Self.counts(changes), changes: shown, more: changes.count - shown.count,
                    hasMore: changes.count > shown.count, hasChanges: !shown.isEmpty))
        }
        self.sources = sources
        hasSources = !sources.isEmpty
    }

    /// `6 sources, 1 failed, 5 changes`; a sharded run with a shard missing says so, since
    /// its sources (of `sourceIDs`) were not tried rather than failed or removed.
    static func summary(_ run: RunRecord, sourceIDs: [String]) -> String {
        let failed = run.outcomes.filter { !$0.isSuccess }.count
        let changes = run.newsCount
        var summary = CountText.of(run.outcomes.count, "source", "sources")
        if failed > 0 { summary += ", \(failed) failed" }
        summary += ", \(CountText.of(changes, "change", "changes"))"
        for shard in run.missingShards ?? [] {
            let notTried = run.sourcesNotTried(of: sourceIDs).filter(shard.contains)
            summary +=
                "; \(shard) did not report, so \(CountText.of(notTried.count, "source was", "sources were")) not tried"
        }
        return summary
    }

    /// `2 added, 1 changed`, in the order of `Change.Kind`; a baseline reads `now tracking 20 items`.
    static func counts(_ changes: [Change]) -> String {
        Change.Kind.allCases.compactMap { kind -> String? in
            let ofKind = changes.filter { $0.kind == kind }
            guard !ofKind.isEmpty else { return nil }
            if kind == .baseline {
                let tracked = ofKind.map { $0.trackedItems ?? 0 }.reduce(0, +)
                return "now tracking \(CountText.of(tracked, "item", "items"))"
            }
            return "\(ofKind.count) \(kind.rawValue)"
        }.joined(separator: ", ")
    }
}
