import Foundation
import TrawlDates

/// One run of `trawl run` or `trawl scrape`: what happened to each source, and what changed.
public struct RunRecord: Sendable, Hashable {
    /// The version of the run-record format written.
    public static let schemaVersion = 1

    /// How one source's scrape ended.
    public struct Outcome: Sendable, Hashable {
        /// How the scrape ended.
        public enum Status: String, Sendable, Hashable, CaseIterable {
            /// Fetched and scraped; the snapshot was kept.
            case fetched
            /// The server said 304: the last snapshot is current.
            case notModified
            /// The fetch or the scrape failed; the last good snapshot was kept.
            case failed
            /// The scrape ran but looked like a broken layout; the last good snapshot was kept.
            case guarded
        }

        /// The source's id.
        public var sourceID: String
        /// Fetched, not modified, failed or guarded.
        public var status: Status
        /// The items kept (the last good snapshot's count when it failed).
        public var itemCount: Int
        /// Why a failed or guarded scrape failed; nil for the others.
        public var error: OutcomeError?
        /// What is wrong with a scrape that was kept (a field empty on most items): nil when nothing is.
        public var warnings: [String]?

        public init(
            sourceID: String, status: Status, itemCount: Int, error: OutcomeError? = nil, warnings: [String]? = nil
        ) {
            self.sourceID = sourceID
            self.status = status
            self.itemCount = itemCount
            self.error = error
            self.warnings = warnings?.isEmpty == true ? nil : warnings
        }

        /// True for the outcomes that count as a success in a source's health.
        public var isSuccess: Bool { status == .fetched || status == .notModified }

        /// True for a failed or guarded scrape: what is shown is the last good snapshot.
        public var isFailure: Bool { !isSuccess }
    }

    /// The version of the file this was read from.
    public var schemaVersion: Int = RunRecord.schemaVersion
    /// The UTC timestamp that names the record's file, e.g. `20261130T040000Z`.
    public var id: String
    /// When the run began.
    public var started: Date
    /// When the last source finished.
    public var finished: Date
    /// One outcome per source tried, in configuration order.
    public var outcomes: [Outcome]
    /// Everything the run found different, baselines included.
    public var changes: [Change]
    /// In a shard's record (`runs/<id>.shard-2-of-4.json`): which shard wrote it.
    public var shard: Shard?
    /// In a shard's record: each outcome's place in the configuration, so the shards of a
    /// run read back in configuration order, as one process would have written them.
    public var positions: [Int]?
    /// In a run read from shard records: the shards that did not report. Their sources
    /// were not tried this run (they are neither failed nor removed).
    public var missingShards: [Shard]?

    /// A record of one run.
    public init(id: String, started: Date, finished: Date, outcomes: [Outcome], changes: [Change]) {
        self.id = id
        self.started = started
        self.finished = finished
        self.outcomes = outcomes
        self.changes = changes
    }

    /// The id of a run started at `date`: its UTC time to the millisecond,
    /// `yyyyMMdd'T'HHmmss.SSS'Z'`, which sorts in time order as text and is safe in a file
    /// name. `CacheStore.newRunID(at:)` makes it unique.
    public static func id(for date: Date) -> String {
        DateCodec.compactTimestamp(date)
    }

    /// Whether any source failed or was guarded: the run exits 1.
    public var hasFailures: Bool { outcomes.contains(where: \.isFailure) }

    /// The changes of one source, in the order they were found.
    public func changes(of sourceID: String) -> [Change] {
        changes.filter { $0.sourceID == sourceID }
    }

    /// Every source's changes, in the order they were found, in one pass over them: for a
    /// caller that asks of each source in turn, where `changes(of:)` would read all of a
    /// run's changes once per source (a night of 2,000 sources after one of 200,000 changes).
    var changesBySource: [String: [Change]] {
        Dictionary(grouping: changes, by: \.sourceID)
    }
}

extension RunRecord {
    /// The start time a run id names (`20261130T040000.123Z` or `20261130T040000Z`, perhaps
    /// with `-2`), or nil.
    public static func date(fromID id: String) -> Date? {
        DateCodec.parseCompactTimestamp(String(id.prefix { $0 != "-" }))
    }
}
