import Foundation

/// Everything a site is made from, read from the cache once: each configured source with
/// its last good items, health and mirrored files, and every run record.
///
/// Nothing here reads a clock: "today" and "the last run" come from the run records, so
/// the same cache always gives the same site.
struct SiteContent: Sendable {
    struct Source: Sendable {
        var configuration: SourceConfiguration
        var items: [Item]
        var health: Health
        /// Mirrored files complete on disk, by item id.
        var files: [String: MirroredFile]

        var id: String { configuration.id }
        var name: String { SafeText.line(configuration.name) }
    }

    var site: SiteSettings
    var sources: [Source]
    /// Oldest first.
    var runs: [RunRecord]
    /// Every change of a configured source across all runs, newest first.
    var changes: [Change]
    var feedLimit: Int

    var latestRun: RunRecord? { runs.last }

    func source(_ id: String) -> Source? {
        sources.first { $0.id == id }
    }

    /// Reads the cache `configuration` names; a source with no snapshot yet has no items.
    static func read(_ configuration: Configuration, store: CacheStore) throws -> SiteContent {
        let mirror = FileMirror(configuration: configuration)
        let sources = try configuration.sources.map { source in
            Source(
                configuration: source,
                items: try store.lastGoodSnapshot(of: source.id)?.items ?? [],
                health: try store.health(of: source.id),
                files: mirror.completeFiles(of: source.id))
        }
        let runs = try store.runs()
        return SiteContent(
            site: configuration.site, sources: sources, runs: runs,
            changes: newestFirst(runs, of: Set(sources.map(\.id))),
            feedLimit: max(0, configuration.feed.maxEntries))
    }

    /// Newest detection first; ties keep the later run first and, within a run, the order
    /// the changes were found.
    static func newestFirst(_ runs: [RunRecord], of sourceIDs: Set<String>) -> [Change] {
        var indexed: [(run: Int, index: Int, change: Change)] = []
        for (runIndex, run) in runs.enumerated() {
            for (index, change) in run.changes.enumerated() where sourceIDs.contains(change.sourceID) {
                indexed.append((runIndex, index, change))
            }
        }
        indexed.sort { left, right in
            if left.change.detectedAt != right.change.detectedAt {
                return left.change.detectedAt > right.change.detectedAt
            }
            if left.run != right.run { return left.run > right.run }
            return left.index < right.index
        }
        return indexed.map(\.change)
    }
}
