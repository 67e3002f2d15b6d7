import Foundation

/// `index.html`: the latest changes, every source with its health, the time of the last run.
enum IndexPageGenerator {
    /// How many changes the front page lists (the feed holds more).
    static let changeLimit = 50

    struct Page: Encodable {
        struct LastRun: Encodable {
            var time: String
            var text: String
            var summary: String
        }
        var page: PageContext
        var lastRun: LastRun?
        var changes: [ChangeView]
        var hasChanges: Bool
        var sources: [SourceView]
        var digests: [DigestLink]
        var hasDigests: Bool
    }

    static func generate(_ site: GenerationContext) throws {
        let content = site.content
        let root = ""
        let changes = content.changes.prefix(changeLimit).compactMap { change -> ChangeView? in
            guard let source = content.source(change.sourceID) else { return nil }
            return ChangeView(ChangeDescription(change, sourceName: source.name), root: root)
        }
        let digests = Array(DigestGenerator.days(content.runs).reversed().prefix(7)).map {
            DigestGenerator.link(for: $0, root: root)
        }
        let page = Page(
            page: site.page(root: root, title: content.site.title),
            lastRun: content.latestRun.map { lastRun($0, sourceIDs: content.sources.map(\.id)) },
            changes: changes, hasChanges: !changes.isEmpty,
            sources: content.sources.map { SourceView($0, root: root) },
            digests: digests, hasDigests: !digests.isEmpty)
        try site.writePage("index", page, to: "index.html")
    }

    private static func lastRun(_ run: RunRecord, sourceIDs: [String]) -> Page.LastRun {
        let failed = run.outcomes.filter { !$0.isSuccess }.count
        let changes = run.changes.count
        var summary = "\(run.outcomes.count) \(run.outcomes.count == 1 ? "source" : "sources")"
        if failed > 0 { summary += ", \(failed) failed" }
        summary += ", \(changes) \(changes == 1 ? "change" : "changes")"
        // A sharded run with a shard missing: its sources were not tried, not failed or removed.
        for shard in run.missingShards ?? [] {
            let notTried = run.sourcesNotTried(of: sourceIDs).filter(shard.contains)
            summary +=
                "; \(shard) did not report, so \(notTried.count) "
                + "\(notTried.count == 1 ? "source was" : "sources were") not tried"
        }
        return Page.LastRun(
            time: RFC3339.string(from: run.started), text: SiteDate.minute(run.started), summary: summary)
    }
}
