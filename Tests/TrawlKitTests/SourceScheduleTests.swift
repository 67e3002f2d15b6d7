import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// `"every"` per source: a run leaves a source alone while its last attempt is younger, so
/// an hourly cron fetches it at its own pace; `--force` fetches it anyway; `status` says
/// when it is next due; and a source left alone stays as it was — snapshot, health, site.
@Suite struct SourceScheduleTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    struct Setup {
        let directory: TemporaryDirectory
        let page: URL

        init() throws {
            directory = try TemporaryDirectory("trawl-every")
            page = directory.file("charts.html")
            try publish("noaa/booklet-charts.html")
        }

        func publish(_ fixture: String) throws {
            if FileManager.default.fileExists(atPath: page.path) { try FileManager.default.removeItem(at: page) }
            try FileManager.default.copyItem(at: SourceScheduleTests.fixtures.appendingPathComponent(fixture), to: page)
        }

        var configuration: Configuration {
            get throws {
                let json = """
                    {"sources": [
                      {"id": "hourly", "preset": "noaa-booklet-charts", "url": "charts.html",
                       "base": "https://charts.noaa.gov/BookletChart/"},
                      {"id": "slow", "preset": "noaa-booklet-charts", "url": "charts.html", "every": "6h",
                       "base": "https://charts.noaa.gov/BookletChart/"}]}
                    """
                return try ConfigurationLoader.load(Data(json.utf8), file: directory.file("trawl.json"))
            }
        }

        func pipeline(atMinute minute: Int) throws -> Pipeline {
            Pipeline(configuration: try configuration, clock: .fixed(SourceScheduleTests.start + Double(minute) * 60))
        }
    }

    @Test func aSourceIsLeftAloneUntilItsIntervalHasPassed() async throws {
        let setup = try Setup()
        let first = try await setup.pipeline(atMinute: 0).scrape()
        #expect(first.outcomes.map(\.sourceID) == ["hourly", "slow"])
        let store = try setup.pipeline(atMinute: 0).store
        let kept = try #require(try store.lastGoodSnapshot(of: "slow"))

        // A broken page an hour later: the hourly source sees it, the slow one is not asked.
        try setup.publish("broken/booklet-charts-half-gone.html")
        let second = try await setup.pipeline(atMinute: 60).scrape()
        #expect(second.outcomes.map(\.sourceID) == ["hourly"])
        #expect(second.changes.allSatisfy { $0.sourceID == "hourly" })
        #expect(try store.lastGoodSnapshot(of: "slow") == kept)
        #expect(try store.health(of: "slow").stale == false)
        #expect(try store.health(of: "hourly").stale == true)

        let fifth = try await setup.pipeline(atMinute: 5 * 60).scrape()
        #expect(fifth.outcomes.map(\.sourceID) == ["hourly"])
        // Six hours on (less cron's drift of a few seconds), it is fetched again.
        let sixth = try await setup.pipeline(atMinute: 6 * 60 - 1).scrape()
        #expect(sixth.outcomes.map(\.sourceID) == ["hourly", "slow"])
        #expect(try store.health(of: "slow").stale == true)
    }

    @Test func forceFetchesASourceThatIsNotDue() async throws {
        let setup = try Setup()
        _ = try await setup.pipeline(atMinute: 0).scrape()
        let forced = try await setup.pipeline(atMinute: 10).scrape(RunOptions(force: true))
        #expect(forced.outcomes.map(\.sourceID) == ["hourly", "slow"])
    }

    @Test func theSiteShowsASourceLeftAloneAsCurrent() async throws {
        let setup = try Setup()
        _ = try await setup.pipeline(atMinute: 0).run()
        try setup.publish("broken/booklet-charts-half-gone.html")
        _ = try await setup.pipeline(atMinute: 60).run()
        let configuration = try setup.configuration
        let page = try String(
            contentsOf: configuration.outputDirectory.appendingPathComponent("sources/slow/index.html"),
            encoding: .utf8)
        let broken = try String(
            contentsOf: configuration.outputDirectory.appendingPathComponent("sources/hourly/index.html"),
            encoding: .utf8)
        #expect(broken.contains("Stale"))
        #expect(!page.contains("Stale"))
    }

    @Test func statusSaysWhenEachScheduledSourceIsNextDue() async throws {
        let setup = try Setup()
        _ = try await setup.pipeline(atMinute: 0).scrape()
        let configuration = try setup.configuration
        let capture = CapturingConsole()
        _ = try StatusCommand.report(
            store: try setup.pipeline(atMinute: 0).store, sourceIDs: ["hourly", "slow"],
            schedules: ["slow": try #require(configuration.sources.last)], json: false,
            now: Self.start + 3_600, console: capture.console)
        let lines = capture.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("NEXT DUE") == true)
        #expect(lines.first { $0.hasPrefix("hourly ") }?.contains("every run") == true)
        // 6 hours less the 5 minutes' grace.
        #expect(lines.first { $0.hasPrefix("slow ") }?.contains("2027-01-15T13:55:00Z") == true)
    }

    @Test(arguments: [
        ("30m", 1_800.0), ("6h", 21_600), ("1d12h", 129_600), ("2w", 1_209_600), ("45s", 45),
    ])
    func intervalsReadAsPeopleWriteThem(_ text: String, _ seconds: Double) {
        #expect(IntervalText.seconds(text) == seconds)
        #expect(IntervalText.text(seconds) == text)
    }

    @Test(arguments: ["", "6", "h", "0h", "6x", "30m6h", "6 h", "-1h", "1.5h"])
    func anIntervalThatIsNoLengthOfTimeIsAConfigurationError(_ text: String) throws {
        let json = #"{"sources": [{"id": "a", "kind": "feed", "url": "a.xml", "every": "\#(text)"}]}"#
        #expect(IntervalText.seconds(text) == nil)
        let error = try #require(throws: ConfigurationError.self) {
            try ConfigurationLoader.load(Data(json.utf8), file: URL(fileURLWithPath: "/tmp/trawl.json"))
        }
        #expect("\(error)".contains("sources[0].every"))
        #expect("\(error)".contains("is not a length of time"))
    }
}
