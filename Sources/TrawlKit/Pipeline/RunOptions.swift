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
    /// Fetch every chosen source, even one whose `every` says it is not due yet.
    public var force: Bool

    /// Every source, all of it: what `trawl run` does without options.
    public init(
        only: [String] = [], accept: [String] = [], offline: Bool = false, shard: Shard? = nil, runID: String? = nil,
        force: Bool = false
    ) {
        self.force = force
        self.only = only
        self.accept = accept
        self.offline = offline
        self.shard = shard
        self.runID = runID
    }
}
