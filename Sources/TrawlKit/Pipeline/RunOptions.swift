/// What one `trawl run` / `trawl scrape` should do beyond the configuration.
public struct RunOptions: Sendable {
    /// Only these sources (all when empty).
    public var only: [String]
    /// Sources whose new shape is taken even if the guard would call it a broken layout.
    public var accept: [String]
    /// Generate from the cache without fetching anything.
    public var offline: Bool
    /// Only the sources of this shard (`trawl scrape --shard 2/4`), recorded as that shard's part of the run.
    public var shard: Shard?
    /// The run's id, when an orchestrator gives every shard the same one (`--run-id`).
    public var runID: String?

    /// Every source, all of it: what `trawl run` does without options.
    public init(
        only: [String] = [], accept: [String] = [], offline: Bool = false, shard: Shard? = nil, runID: String? = nil
    ) {
        self.only = only
        self.accept = accept
        self.offline = offline
        self.shard = shard
        self.runID = runID
    }
}

/// What the pipeline reports as it goes, for live lines on a terminal or log lines in cron.
public enum RunEvent: Sendable {
    /// A source's fetch has begun.
    case fetching(sourceID: String)
    /// `baseline` is true for a source's first run, whose items are tracked, not news.
    case finished(RunRecord.Outcome, changes: Int, baseline: Bool)
    /// Something about a source worth a line under `--verbose` (a field empty on most items).
    case warning(sourceID: String, message: String)
    /// A warning shown even without `--verbose`: items were lost, e.g. to a shared id.
    case notice(sourceID: String, message: String)
    /// A cache file that could not be used and was moved aside.
    case cacheProblem(String)
    /// Something the run did that a person should hear of once, e.g. a recovered run record.
    case note(String)
    /// The site was written: `files` files.
    case generated(files: Int)
}
