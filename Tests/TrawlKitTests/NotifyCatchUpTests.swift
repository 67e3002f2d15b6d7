import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// A run cut short saves its record (or has it completed from the journal later) but tells
/// no one: its changes are told with the next run that delivers, once, oldest first.
@Suite struct NotifyCatchUpTests {
    /// A command notifier that keeps each message it gets as `<run>.md` in `got`, after a
    /// first night with nothing to tell; then the pump is switched on.
    private func nightZero() async throws -> (setup: NotifySetup, got: URL, configuration: Configuration) {
        let setup = try NotifySetup()
        let got = setup.directory.file("got")
        try FileManager.default.createDirectory(at: got, withIntermediateDirectories: true)
        let script = #"cat > "\#(got.path)/$TRAWL_RUN.md""#
        let command = String(
            decoding: try JSONSerialization.data(withJSONObject: ["/bin/sh", "-c", script]), as: UTF8.self)
        let configuration = try setup.configuration(notify: #"[{"command": \#(command), "format": "markdown"}]"#)
        try await setup.run(night: 0, configuration)
        try setup.publish(pump: "on")
        return (setup, got, configuration)
    }

    private func received(_ got: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: got.path).sorted()
    }

    @Test func aRunStoppedBySignalIsToldWithTheNextRun() async throws {
        let (setup, got, configuration) = try await nightZero()

        // Night 1: SIGTERM just as the source finishes. Its change is recorded, and the run
        // stops before it tells anyone.
        let stop = StopRequest()
        let clock = WallClock.fixed(Date(timeIntervalSince1970: 1_796_011_200 + 86_400))
        let pipeline = Pipeline(configuration: configuration, clock: clock, stop: stop) { event in
            if case .finished = event { stop.request(by: "SIGTERM") }
        }
        var stopped: RunRecord?
        do {
            _ = try await pipeline.scrape()
        } catch let error as RunInterruptedError {
            stopped = error.record
        }
        let interrupted = try #require(stopped)
        #expect(interrupted.changes.contains { $0.kind == .changed })
        #expect(try received(got).isEmpty)

        // Night 2 changes something else: both nights arrive, in order, each once.
        try setup.publish(pump: "off")
        let next = try await setup.run(night: 2, configuration)
        #expect(try received(got) == ["\(interrupted.id).md", "\(next.id).md"])
        let told = try String(contentsOf: got.appendingPathComponent("\(interrupted.id).md"), encoding: .utf8)
        #expect(told.contains("- Pump: off → on\n"))
        try await setup.run(night: 3, configuration)
        #expect(try received(got).count == 2)
    }

    @Test func aRunCompletedFromItsJournalIsToldWithTheNextRun() async throws {
        let (setup, got, configuration) = try await nightZero()

        // Night 1 is killed after the source's change reached the journal and its snapshot
        // moved on, before the record was saved: what the journal holds is all there is.
        let store = CacheStore(root: configuration.cacheDirectory)
        let night1 = Date(timeIntervalSince1970: 1_796_011_200 + 86_400)
        let runID = store.newRunID(at: night1)
        let journal = try store.startJournal(runID: runID, started: night1)
        let run = SourceRun(
            source: configuration.sources[0], index: 0, store: store, fetcher: Fetcher(settings: configuration.fetch),
            clock: .fixed(night1), accept: false, journal: journal, stop: StopRequest(), report: { _ in })
        #expect(await run.run()?.outcome.isSuccess == true)
        #expect(try received(got).isEmpty)

        // Night 2 completes night 1's record from the journal, then tells both nights' news.
        try setup.publish(pump: "off")
        let next = try await setup.run(night: 2, configuration)
        #expect(try received(got) == ["\(runID).md", "\(next.id).md"])
    }

    /// The ledger's runs to tell: from the one after the last it knows, or only tonight's
    /// for a notifier it has never seen.
    @Test func onlyRunsAfterTheLastOneToldAreCaughtUp() {
        let runs = ["20261129T040000.000Z", "20261130T040000.000Z", "20261201T040000.000Z", "20261202T040000.000Z"]
            .map { RunRecord(id: $0, started: Date(), finished: Date(), outcomes: [], changes: []) }
        func told(_ entry: NotificationLedger.Entry) -> [String] {
            NotificationDispatcher.runs(toTell: entry, endingWith: runs[3], in: runs).map(\.id)
        }
        #expect(told(.init(name: "new")) == [runs[3].id])
        #expect(told(.init(name: "n", lastRun: runs[1].id)) == [runs[2].id, runs[3].id])
        #expect(told(.init(name: "n", lastRun: runs[3].id)) == [runs[3].id])
        // A ledger written before `lastRun` catches up from the newest run it names.
        #expect(told(.init(name: "n", pending: [runs[0].id])) == [runs[1].id, runs[2].id, runs[3].id])
        #expect(told(.init(name: "n", delivered: [runs[0].id, runs[2].id])) == [runs[3].id])
    }
}
