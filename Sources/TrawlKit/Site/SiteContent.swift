import Foundation

/// Everything a site is made from, read from the cache once: each configured source with
/// its last good items, health and mirrored files, and every run record.
///
/// Nothing here reads a clock: "today" and "the last run" come from the run records, so
/// the same cache always gives the same site.
struct SiteContent: Sendable {
    struct Source: Sendable {
        var configuration: SourceConfiguration
        /// The last good items, decoded when first asked for.
        var stored: SourceItems
        var health: Health
        /// Mirrored files complete on disk, by item id.
        var files: [String: MirroredFile]
        /// How the source's latest attempt among the runs shown ended, if it was tried.
        var lastStatus: RunRecord.Outcome.Status? = nil
        /// The articles read from items' own pages (`detail`), by item id.
        var articles: [String: DetailArticle] = [:]

        var items: [Item] { stored.items }
        var itemCount: Int { stored.count }
        var id: String { configuration.id }
        /// Refused by the layout guard last time: `--accept` takes the new layout.
        var guarded: Bool { health.stale && lastStatus == .guarded }
        var name: String { SafeText.line(configuration.name) }
    }

    var site: SiteSettings
    var sources: [Source]
    /// Oldest first.
    var runs: [RunRecord]
    /// Every change of a configured source across all runs, newest first.
    var changes: [Change]
    var feedLimit: Int
    /// Sources that broke or recovered, from every run record (quiet ones too), oldest first.
    var healthEvents: [HealthEvent] = []

    var latestRun: RunRecord? { runs.last }

    func source(_ id: String) -> Source? {
        sources.first { $0.id == id }
    }

    /// Reads the cache `configuration` names; a source with no snapshot yet has no items.
    /// `knownItemCounts` (item counts by snapshot digest) let a snapshot wait to be decoded.
    static func read(
        _ configuration: Configuration, store: CacheStore, knownItemCounts: [String: Int] = [:]
    ) throws -> SiteContent {
        let mirror = FileMirror(configuration: configuration)
        let allRuns = try store.runs()
        let runs = withoutQuietRuns(allRuns)
        let shownTimes = RunTimes.bySource(runs)
        let sources = try configuration.sources.map { source in
            Source(
                configuration: source,
                stored: try SourceItems.read(source.id, store: store, knownCounts: knownItemCounts),
                health: asOf(shownTimes[source.id], try store.health(of: source.id)),
                files: mirror.completeFiles(of: source.id),
                lastStatus: runs.last { run in run.outcomes.contains { $0.sourceID == source.id } }?
                    .outcomes.first { $0.sourceID == source.id }?.status,
                articles: try articles(of: source, store: store))
        }
        return SiteContent(
            site: configuration.site, sources: sources, runs: runs,
            changes: newestFirst(runs, of: Set(sources.map(\.id))),
            feedLimit: max(0, configuration.feed.maxEntries), healthEvents: HealthEvent.events(in: allRuns))
    }

    /// The articles a source's `detail` read, by item id; none unless it keeps them.
    static func articles(of source: SourceConfiguration, store: CacheStore) throws -> [String: DetailArticle] {
        guard let detail = source.detail, detail.article != .none else { return [:] }
        return try store.details(of: source.id).compactMapValues(\.article)
    }

    /// The runs that changed something: a run with no changes whose sources fared as in
    /// the run before (a 304 counting as a fetch of the same items) adds nothing to show.
    ///
    /// Leaving such quiet nights out is what keeps an unchanged site byte-identical, so
    /// web servers, CDNs and feed readers see the same ETags; `trawl status` tells when
    /// each source was last tried.
    static func withoutQuietRuns(_ runs: [RunRecord]) -> [RunRecord] {
        var kept: [RunRecord] = []
        for run in runs {
            if run.changes.isEmpty, let previous = kept.last, state(of: run) == state(of: previous) { continue }
            kept.append(run)
        }
        return kept
    }

    private struct OutcomeState: Hashable {
        var succeeded: Bool
        var itemCount: Int
        /// The words the site shows: a record from before errors were typed, with the same
        /// failure as text, is not news.
        var error: String?
    }

    private static func state(of run: RunRecord) -> [String: OutcomeState] {
        Dictionary(
            run.outcomes.map { outcome in
                (
                    outcome.sourceID,
                    OutcomeState(
                        succeeded: outcome.isSuccess, itemCount: outcome.itemCount, error: outcome.error?.message)
                )
            },
            uniquingKeysWith: { first, _ in first })
    }

    /// The health as of the runs shown, with the times `shown` (the source's in those runs)
    /// in place of its own: a quiet run's times are not the site's news.
    static func asOf(_ shown: RunTimes?, _ health: Health) -> Health {
        guard let shown else { return health }
        var health = health
        health.times = RunTimes(
            lastAttempt: shown.lastAttempt ?? health.lastAttempt, lastSuccess: shown.lastSuccess ?? health.lastSuccess)
        return health
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
