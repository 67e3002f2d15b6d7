import Foundation
import TrawlDates

/// Prints a run as it goes.
///
/// On a terminal, a live line per source is redrawn in place (fetching, not modified,
/// n items, failed) with its elapsed time, under an overall `3/12 sources` line. Elsewhere (cron, a pipe) each source gets one plain log line when it
/// finishes. `--quiet` keeps silent unless something failed.
final class RunReporter: @unchecked Sendable {
    private let console: Console
    private let quiet: Bool
    private let verbose: Bool
    private let lock = NSLock()
    /// The live board: one line per source, in the order they started, with when it
    /// started and, once finished, how long it took.
    private var board: [(id: String, text: String, started: Duration, took: Duration?)] = []
    private var drawnLines = 0
    /// How many sources this run scrapes (0: unknown, no count line).
    private let total: Int
    private var finished = 0
    private var failed = 0
    private var undelivered = 0
    /// How many notifiers were not given all their news (`ExitStatus.undelivered`).
    var undeliveredCount: Int { lock.withLock { undelivered } }
    /// Time since some fixed origin: the seam tests pin elapsed times with.
    private let now: @Sendable () -> Duration

    init(
        console: Console, quiet: Bool, verbose: Bool, total: Int = 0,
        now: @escaping @Sendable () -> Duration = RunReporter.monotonic()
    ) {
        self.console = console
        self.quiet = quiet
        self.verbose = verbose
        self.total = total
        self.now = now
    }

    /// Time on a monotonic clock since this was called.
    static func monotonic() -> @Sendable () -> Duration {
        let origin = ContinuousClock.now
        return { ContinuousClock.now - origin }
    }

    private var isLive: Bool { console.isTerminal && !quiet }

    func handle(_ event: RunEvent) {
        lock.withLock {
            switch event {
            case .fetching(let id):
                if isLive { update(id, "fetching…") }
            case .finished(let outcome, let changes, let baseline, let rebaseline):
                let failed = outcome.isFailure
                let text = Self.describe(outcome, changes: changes, baseline: baseline, rebaseline: rebaseline)
                finished += 1
                if failed { self.failed += 1 }
                if isLive {
                    update(outcome.sourceID, failed ? "failed: " + text : text, finished: true)
                } else if failed {
                    console.error("[\(outcome.sourceID)] \(text)")
                } else if !quiet {
                    console.note("[\(outcome.sourceID)] \(text)")
                }
            case .warning(let id, let message):
                if verbose { above { console.warning("[\(id)] \(message)") } }
            case .waiting(let id, let due, let every):
                if verbose {
                    above {
                        console.warning(
                            "[\(id)] not due until \(DateCodec.rfc3339(due)) (every \(every)); --force fetches it now")
                    }
                }
            case .notice(let id, let message):
                above { console.warning("[\(id)] \(message)") }
            case .cacheProblem(let message):
                above { console.warning(message) }
            case .note(let message):
                above { console.note(message) }
            case .undelivered(let news):
                undelivered += 1
                above { console.error(Self.describe(news)) }
            case .generated(let files):
                if verbose { above { console.note("generated \(CountText.of(files, "file", "files"))") } }
            }
        }
    }

    /// One closing line: sources, failures, changes, and where the site is.
    func summarize(_ record: RunRecord?, output: URL?) {
        lock.withLock {
            // Failures stay on the terminal after the live board is gone: repeat them plainly.
            if isLive, let record {
                for outcome in record.outcomes where outcome.isFailure {
                    console.error("[\(outcome.sourceID)] \(Self.describe(outcome, changes: 0))")
                }
            }
            // Cron mails what `--quiet` prints: a field gone empty must reach someone.
            for outcome in record?.outcomes ?? [] {
                for warning in outcome.warnings ?? [] { console.warning("[\(outcome.sourceID)] \(warning)") }
            }
            guard !quiet else { return }
            let site = output.map { "; site in \($0.path)" } ?? ""
            guard let record else {
                console.note("generated from the cache\(site)")
                return
            }
            let sources = CountText.of(record.outcomes.count, "source", "sources")
            let failed = record.outcomes.filter(\.isFailure).count
            let changes = CountText.of(record.newsCount, "change", "changes")
            console.note("\(sources), \(failed) failed, \(changes)\(site)")
        }
    }

    /// `notify: webhook https://…: 2 runs wait (since 2026-11-30 04:00 UTC), sent first on the
    /// next run; last error: HTTP 503 (3 attempts)`.
    static func describe(_ news: UndeliveredNews) -> String {
        var parts: [String] = []
        if news.waiting > 0 {
            let since = news.since.map { " (since \(SiteDate.minute($0)))" } ?? ""
            let runs = CountText.of(news.waiting, "run waits", "runs wait")
            parts.append("\(runs)\(since), sent first on the next run")
        }
        if news.skipped > 0 {
            parts.append("\(CountText.of(news.skipped, "run", "runs")) refused for good and skipped")
        }
        let error = news.lastError.map { "; last error: \(SafeText.line($0))" } ?? ""
        return "notify: \(news.notifier): \(parts.joined(separator: "; "))\(error)"
    }

    static func describe(
        _ outcome: RunRecord.Outcome, changes: Int, baseline: Bool = false,
        rebaseline: Change.RebaselineReason? = nil
    ) -> String {
        let items = CountText.of(outcome.itemCount, "item", "items")
        switch outcome.status {
        case .fetched where rebaseline == .accepted:
            return "source updated, now tracking \(items) (its new shape accepted: a baseline, no news)"
        case .fetched where rebaseline == .identityEdited:
            return "source updated, now tracking \(items) (its rules for which items there are were edited: "
                + "a baseline, no news)"
        case .fetched where baseline:
            return "now tracking \(items) (first run: a baseline, no news)"
        case .fetched:
            return "\(items), \(CountText.of(changes, "change", "changes"))"
        case .notModified: return "not modified (\(items))"
        // The error says whether a snapshot was kept (`SourceScrape.message`); what to do, here.
        case .failed, .guarded:
            guard let error = outcome.error else {
                return outcome.status == .failed ? "failed" : "the page layout may have changed"
            }
            return AcceptHint.adding(to: error.message, isGuard: error.isGuard, sourceID: outcome.sourceID)
        }
    }

    /// Redraws the board so the elapsed times of the sources still running move on.
    func tick() {
        lock.withLock {
            guard isLive, board.contains(where: { $0.took == nil }) else { return }
            redraw()
        }
    }

    // MARK: The live board

    private func update(_ id: String, _ text: String, finished: Bool = false) {
        let time = now()
        if let index = board.firstIndex(where: { $0.id == id }) {
            board[index].text = text
            if finished { board[index].took = time - board[index].started }
        } else {
            board.append((id, text, time, finished ? .zero : nil))
        }
        redraw()
    }

    /// `1.2 s`, `1:05` past a minute.
    static func elapsed(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        guard seconds < 60 else { return ValueWording.duration(seconds: Int(seconds)) }
        let tenths = Int(seconds) * 10 + Int(attoseconds / 100_000_000_000_000_000)
        return "\(tenths / 10).\(tenths % 10) s"
    }

    /// `3/12 sources`, with the failures so far.
    private var countLine: String? {
        guard total > 0 else { return nil }
        return CountText.of(total, "source", "sources", shown: "\(finished)/\(total)")
            + (failed > 0 ? ", \(failed) failed" : "")
    }

    /// Prints a message above the board, then draws the board again beneath it.
    private func above(_ print: () -> Void) {
        guard isLive, drawnLines > 0 else { return print() }
        console.progress("\u{1B}[\(drawnLines)A\r\u{1B}[J")
        drawnLines = 0
        print()
        redraw()
    }

    private func redraw() {
        var text = drawnLines > 0 ? "\u{1B}[\(drawnLines)A" : ""
        let time = now()
        for line in board {
            text += "\r\u{1B}[K[\(line.id)] \(line.text) (\(Self.elapsed(line.took ?? time - line.started)))\n"
        }
        if let countLine { text += "\r\u{1B}[K\(countLine)\n" }
        console.progress(text)
        drawnLines = board.count + (countLine == nil ? 0 : 1)
    }
}
