import Foundation

/// What the pipeline reports as it goes, for live lines on a terminal or log lines in cron.
public enum RunEvent: Sendable {
    /// A source's fetch has begun.
    case fetching(sourceID: String)
    /// `baseline` is true when the source's items were taken as a baseline (tracked, not
    /// news): on its first run, or, with `rebaseline` saying why, after `--accept` or an
    /// edit of its identity rule.
    case finished(RunRecord.Outcome, changes: Int, baseline: Bool, rebaseline: Change.RebaselineReason?)
    /// Something about a source worth a line under `--verbose` (a field empty on most items).
    case warning(sourceID: String, message: String)
    /// A source left out of the run because its `every` (in words: `6h`) has not passed since
    /// its last attempt: it is due at `due`. A line under `--verbose`.
    case waiting(sourceID: String, due: Date, every: String)
    /// A warning shown even without `--verbose`: items were lost, e.g. to a shared id.
    case notice(sourceID: String, message: String)
    /// A cache file that could not be used and was moved aside.
    case cacheProblem(String)
    /// Something the run did that a person should hear of once, e.g. a recovered run record.
    case note(String)
    /// A notifier was not given all its news: it waits for the next run, or was refused for
    /// good. Shown even with `--quiet`, and `trawl run` exits with a status that says so.
    case undelivered(UndeliveredNews)
    /// The site was written: `files` files.
    case generated(files: Int)
}
