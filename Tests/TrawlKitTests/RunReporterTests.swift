import Foundation
import Testing

@testable import TrawlKit

/// `trawl run` on a terminal: a live line per source with its elapsed time, under an
/// overall count; in cron, plain lines without either.
@Suite struct RunReporterTests {
    /// A clock the test moves by hand.
    final class HandClock: @unchecked Sendable {
        private let lock = NSLock()
        private var time = Duration.zero
        func advance(_ by: Duration) { lock.withLock { time += by } }
        var now: Duration { lock.withLock { time } }
    }

    /// The screen after the escape codes: what the last drawing of each line shows.
    static func lastBoard(_ text: String, lines: Int) -> [String] {
        let plain = text.replacingOccurrences(of: #"\x{1B}\[[0-9]*[AKJ]"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: "\r", with: "")
        return Array(plain.split(separator: "\n", omittingEmptySubsequences: false).dropLast().suffix(lines))
            .map(String.init)
    }

    @Test func aTerminalShowsEachSourcesElapsedTimeAndTheOverallCount() {
        let capture = CapturingConsole(isTerminal: true)
        let clock = HandClock()
        let reporter = RunReporter(
            console: capture.console, quiet: false, verbose: false, total: 3, now: { clock.now })
        reporter.handle(.fetching(sourceID: "charts"))
        clock.advance(.milliseconds(400))
        reporter.handle(.fetching(sourceID: "podcast"))
        clock.advance(.milliseconds(800))
        reporter.tick()
        #expect(
            Self.lastBoard(capture.errors, lines: 3) == [
                "[charts] fetching… (1.2 s)", "[podcast] fetching… (0.8 s)", "0/3 sources",
            ])
        clock.advance(.milliseconds(1_100))
        reporter.handle(
            .finished(
                .init(sourceID: "charts", status: .fetched, itemCount: 21), changes: 2, baseline: false, rebaseline: nil
            ))
        clock.advance(.seconds(70))
        reporter.handle(
            .finished(
                .init(
                    sourceID: "podcast", status: .failed, itemCount: 0, error: "HTTP 503 (last good snapshot kept)"),
                changes: 0,
                baseline: false, rebaseline: nil))
        #expect(
            Self.lastBoard(capture.errors, lines: 3) == [
                "[charts] 21 items, 2 changes (2.3 s)",
                "[podcast] failed: HTTP 503 (last good snapshot kept) (1:11)",
                "2/3 sources, 1 failed",
            ])
    }

    @Test func cronLinesHaveNoTimesAndNoCount() {
        let capture = CapturingConsole(isTerminal: false)
        let reporter = RunReporter(console: capture.console, quiet: false, verbose: false, total: 3)
        reporter.handle(.fetching(sourceID: "charts"))
        reporter.tick()
        reporter.handle(
            .finished(
                .init(sourceID: "charts", status: .fetched, itemCount: 21), changes: 2, baseline: false, rebaseline: nil
            ))
        #expect(capture.errors == "[charts] 21 items, 2 changes\n")
    }

    @Test(arguments: [
        (Duration.milliseconds(40), "0.0 s"), (.milliseconds(1_250), "1.2 s"), (.seconds(59), "59.0 s"),
        (.seconds(65), "1:05"), (.seconds(3_723), "1:02:03"),
    ])
    func elapsedTimesReadAsSecondsThenClockTime(_ duration: Duration, _ expected: String) {
        #expect(RunReporter.elapsed(duration) == expected)
    }

    @Test func oneItemIsSingular() {
        let one = RunRecord.Outcome(sourceID: "charts", status: .fetched, itemCount: 1)
        #expect(
            RunReporter.describe(one, changes: 0, baseline: true)
                == "now tracking 1 item (first run: a baseline, no news)")
        #expect(RunReporter.describe(one, changes: 1) == "1 item, 1 change")
        let unchanged = RunRecord.Outcome(sourceID: "charts", status: .notModified, itemCount: 1)
        #expect(RunReporter.describe(unchanged, changes: 0) == "not modified (1 item)")
    }

    /// A baseline after a repair is no first run: it says why the items were taken afresh.
    @Test func aRepairedSourceSaysItWasUpdatedNotThatItIsNew() {
        let five = RunRecord.Outcome(sourceID: "posts", status: .fetched, itemCount: 5)
        #expect(
            RunReporter.describe(five, changes: 0, baseline: true, rebaseline: .identityEdited)
                == "source updated, now tracking 5 items (its rules for which items there are were edited: "
                + "a baseline, no news)")
        #expect(
            RunReporter.describe(five, changes: 0, baseline: true, rebaseline: .accepted)
                == "source updated, now tracking 5 items (its new shape accepted: a baseline, no news)")
    }
}
