/// A shard that splits the sources another way than the shards already at work on, or
/// recorded in, the cache: `--shard 1/3` beside `--shard 1/2` would scrape sources twice and
/// the merged run would show their changes twice, so it stops before touching the cache.
public struct ShardMismatchError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The shard that was refused.
    public let shard: Shard
    /// A shard of another count: one holding its lock, or one whose record the run holds.
    public let other: Shard
    /// The run id both belong to, when the other is a record.
    public let runID: String?
    /// The file that shows the other shard (its lock or its record).
    public let path: String

    public var description: String {
        let where_ =
            runID.map { "run \($0) already holds the record of \(other) (\(path))" }
            ?? "\(other) is running (\(path) is locked)"
        return "\(shard) cannot run: \(where_); the shards of one cache split its sources the same way,"
            + " so give every shard the same N (shard I of \(other.count)), or wait and start a new run id"
    }
}
