import Foundation

/// Prints a run as it goes: a line per source, then a summary.
///
/// On a terminal and in cron alike the lines are plain (cron mails them); `--quiet`
/// keeps silent unless something failed.
final class RunReporter: @unchecked Sendable {
    private let console: Console
    private let quiet: Bool
    private let verbose: Bool

    init(console: Console, quiet: Bool, verbose: Bool) {
        self.console = console
        self.quiet = quiet
        self.verbose = verbose
    }

    func handle(_ event: RunEvent) {
        switch event {
        case .fetching(let id):
            if console.isTerminal, !quiet { console.note("[\(id)] fetching…") }
        case .finished(let outcome, let changes):
            let line = Self.describe(outcome, changes: changes)
            if outcome.status == .failed || outcome.status == .guarded {
                console.error(line)
            } else if !quiet {
                console.note(line)
            }
        case .warning(let id, let message):
            if verbose { console.warning("[\(id)] \(message)") }
        case .generated(let files):
            if verbose { console.note("generated \(files) files") }
        }
    }

    /// One closing line: sources, failures, changes, and where the site is.
    func summarize(_ record: RunRecord?, output: URL?) {
        guard !quiet else { return }
        let site = output.map { "; site in \($0.path)" } ?? ""
        guard let record else {
            console.note("generated from the cache\(site)")
            return
        }
        let failed = record.outcomes.filter { $0.status == .failed || $0.status == .guarded }.count
        let changes = record.changes.filter { $0.kind != .baseline }.count
        console.note("\(record.outcomes.count) sources, \(failed) failed, \(changes) changes\(site)")
    }

    static func describe(_ outcome: RunRecord.Outcome, changes: Int) -> String {
        let id = "[\(outcome.sourceID)]"
        switch outcome.status {
        case .fetched: return "\(id) \(outcome.itemCount) items, \(changes) changes"
        case .notModified: return "\(id) not modified (\(outcome.itemCount) items)"
        case .failed: return "\(id) \(outcome.error ?? "failed") (last good snapshot kept)"
        case .guarded: return "\(id) \(outcome.error ?? "guarded") (last good snapshot kept; --accept \(outcome.sourceID) takes the new layout)"
        }
    }
}
