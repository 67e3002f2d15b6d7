extension CommandLineTool {
    /// A usage mistake as the command line words it: its own `UsageError`, or the library's
    /// data about the options it was given (`RunOptionsError`, `ShardError`) in the words of the
    /// flags that gave them. Nil for any other error.
    static func usageError(for error: Error) -> UsageError? {
        switch error {
        case let usage as UsageError: return usage
        case let shard as ShardError where shard.code == .notIndexOverCount:
            return UsageError("option '--shard' takes I/N, such as 2/4 (shard 2 of 4), not '\(shard.text ?? "")'")
        case let shard as ShardError: return UsageError(shard.description)
        case let options as RunOptionsError where options.code == .shardOfWholeRun:
            return UsageError(
                "a shard scrapes only part of the sources: use 'trawl scrape --shard', then 'trawl generate'")
        case let options as RunOptionsError where options.code == .shardWithoutRunID:
            return UsageError(
                "the shards of one run must share its id: give every shard the same --run-id,"
                    + " such as \(options.exampleRunID ?? "")")
        case let options as RunOptionsError: return UsageError(options.description)
        default: return nil
        }
    }
}
