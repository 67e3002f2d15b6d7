import Foundation

/// News one notifier was not given on this run: runs that wait for the next run (its
/// receiver was down or failed), and runs its receiver refused for good, which are skipped.
public struct UndeliveredNews: Sendable, Equatable {
    /// The notifier as `trawl status` names it, without secrets.
    public var notifier: String
    /// Runs still to be told, sent first on the next run.
    public var waiting: Int
    /// When the oldest waiting run began.
    public var since: Date?
    /// Runs refused for good on this run (HTTP 4xx but 408 and 429): never sent again.
    public var skipped: Int
    /// Why the last attempt failed.
    public var lastError: String?

    public init(notifier: String, waiting: Int, since: Date?, skipped: Int, lastError: String?) {
        self.notifier = notifier
        self.waiting = waiting
        self.since = since
        self.skipped = skipped
        self.lastError = lastError
    }
}
