import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// The guard through the whole pipeline: a broken layout keeps the last good snapshot,
/// marks the source stale and tells no one of removals, until `--accept` takes the new shape.
@Suite struct PipelineGuardTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    struct Setup {
        let directory: TemporaryDirectory
        let page: URL

        init() throws {
            directory = try TemporaryDirectory("trawl-guard")
            page = directory.file("charts.html")
            try publish("noaa/booklet-charts.html")
        }

        func publish(_ fixture: String) throws {
            if FileManager.default.fileExists(atPath: page.path) { try FileManager.default.removeItem(at: page) }
            try FileManager.default.copyItem(at: PipelineGuardTests.fixtures.appendingPathComponent(fixture), to: page)
        }

        func pipeline(at minute: Int) throws -> Pipeline {
            let json = """
                {"sources": [{"id": "charts", "preset": "noaa-booklet-charts", "url": "charts.html",
                              "base": "https://charts.noaa.gov/BookletChart/"}]}
                """
            let configuration = try ConfigurationLoader.load(Data(json.utf8), file: directory.file("trawl.json"))
            let clock = WallClock.fixed(Date(timeIntervalSince1970: 1_800_000_000 + Double(minute) * 60))
            return Pipeline(configuration: configuration, clock: clock)
        }
    }

    @Test func aBrokenLayoutKeepsTheLastGoodSnapshotUntilAccepted() async throws {
        let setup = try Setup()
        let first = try await setup.pipeline(at: 0).scrape()
        let good = try #require(try setup.pipeline(at: 0).store.lastGoodSnapshot(of: "charts"))
        #expect(first.changes.map(\.kind) == [.baseline])

        try setup.publish("broken/booklet-charts-half-gone.html")
        let guarded = try await setup.pipeline(at: 1).scrape()
        let outcome = try #require(guarded.outcomes.first)
        #expect(outcome.status == .guarded)
        #expect(outcome.error?.message.hasPrefix("layout may have changed:") == true)
        #expect(outcome.error?.kind == .layoutGuard)
        #expect(guarded.changes.isEmpty)
        let store = try setup.pipeline(at: 1).store
        #expect(try store.lastGoodSnapshot(of: "charts") == good)
        let health = try store.health(of: "charts")
        #expect(health.stale)
        #expect(health.consecutiveFailures == 1)

        let accepted = try await setup.pipeline(at: 2).scrape(RunOptions(accept: ["charts"]))
        #expect(accepted.outcomes.first?.status == .fetched)
        // Accepting takes the new shape silently: one "source updated" baseline, no removals.
        #expect(accepted.changes.map(\.kind) == [.baseline])
        #expect(accepted.changes.first?.rebaselineReason == .accepted)
        #expect(accepted.changes.first?.trackedItems == 3)
        #expect(try store.health(of: "charts").stale == false)
    }

    @Test func anUnknownSourceToAcceptIsARunOptionsErrorNamingTheClosest() async throws {
        let setup = try Setup()
        let error = try await #require(throws: RunOptionsError.self) {
            try await setup.pipeline(at: 0).scrape(RunOptions(accept: ["chart"]))
        }
        #expect(error.code == .unknownSource)
        #expect(error.sourceID == "chart")
        #expect(error.suggestion == "charts")
        #expect(CommandLineTool.status(for: error) == .usage)
    }

    /// What the run record keeps (and the site shows) names no flag; the command line adds it.
    @Test func aGuardFailuresSavedMessageNamesNoFlag() async throws {
        let setup = try Setup()
        _ = try await setup.pipeline(at: 0).scrape()
        try setup.publish("broken/booklet-charts-half-gone.html")
        let record = try await setup.pipeline(at: 1).scrape()
        let error = try #require(record.outcomes.first?.error)
        #expect(error.isGuard)
        #expect(error.message.hasSuffix("(last good snapshot kept)"))
        let page = setup.page.absoluteString
        #expect(
            AcceptHint.adding(to: error.message, isGuard: true, sourceID: "charts").hasSuffix(
                "(last good snapshot kept; the page's lists now: 'trawl init --from \(page) --list'; "
                    + "if the page really changed, '--accept charts' takes its new shape)"))
    }
}
