/// `RunOptions` that do not fit the configuration: a source it does not have, a shard of a
/// whole run, a shard without a shared run id, or a run id the cache cannot name a run by.
/// Data an embedding program can catch by type; the command line words it with its flags.
public struct RunOptionsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong: a struct over a private code, so a new kind breaks no one's `switch`.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable { case unknownSource, shardOfWholeRun, shardWithoutRunID, invalidRunID }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// `only` or `accept` names a source the configuration does not have (`sourceID`).
        public static let unknownSource = Code(.unknownSource)
        /// `Pipeline.run` was given a shard: a shard is scraped, then the site generated.
        public static let shardOfWholeRun = Code(.shardOfWholeRun)
        /// A shard of several was given no `runID`, which the shards of one run must share.
        public static let shardWithoutRunID = Code(.shardWithoutRunID)
        /// `runID` is not a run's start as the cache names runs.
        public static let invalidRunID = Code(.invalidRunID)

        public var description: String { value.rawValue }
    }

    public let code: Code
    /// The source asked for (`unknownSource`), and the closest the configuration has.
    public var sourceID: String?
    public var suggestion: String?
    /// The configuration file (`unknownSource`).
    public var configurationFile: String?
    /// The run id given (`invalidRunID`).
    public var runID: String?
    /// A run id of the right shape, the one the run would have now.
    public var exampleRunID: String?

    init(_ code: Code) {
        self.code = code
    }

    public var description: String {
        switch code {
        case .unknownSource:
            return "no source '\(sourceID ?? "")' in \(configurationFile ?? "the configuration")"
                + Suggestion.hint(suggestion)
        case .shardOfWholeRun:
            return "a shard scrapes only part of the sources: scrape the shards, then generate the site"
        case .shardWithoutRunID:
            return "the shards of one run must share its id: give every shard the same run id, such as \(example)"
        default:
            return "'\(runID ?? "")' is not a run id: give the run's start in UTC as the cache names runs,"
                + " such as \(example) (the same for every shard of a run)"
        }
    }

    private var example: String { exampleRunID ?? "" }
}
