import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// A night that changed nothing the site shows costs a check of the site's inputs, not a
/// generation: every file is kept as it is. A night that tells anything, or an input or
/// output touched since, generates the site as before, to the bytes a fresh one gives.
@Suite struct SiteStampTests {
    /// A run in which every source answered 304 with the items it had (or as `status` says).
    private func night(
        _ fixture: SiteFixture, _ day: Int, status: RunRecord.Outcome.Status = .notModified,
        error: OutcomeError? = nil
    ) throws {
        let time = SiteFixture.night.addingTimeInterval(Double(day) * 86_400)
        let outcomes = try fixture.configuration.sources.map { source in
            RunRecord.Outcome(
                sourceID: source.id, status: source.id == "charts" ? status : .notModified,
                itemCount: try fixture.store.lastGoodSnapshot(of: source.id)?.items.count ?? 0,
                error: source.id == "charts" ? error : nil)
        }
        try fixture.store.save(
            RunRecord(id: RunRecord.id(for: time), started: time, finished: time, outcomes: outcomes, changes: []))
    }

    private func expectSameAsFresh(_ fixture: SiteFixture) throws {
        var configuration = fixture.configuration
        configuration.outputDirectory = fixture.directory.file("Fresh-\(UUID().uuidString)")
        let fresh = SiteFixture(directory: fixture.directory, configuration: configuration)
        _ = try fresh.generate()
        #expect(fixture.files() == fresh.files())
        for path in fresh.files() {
            #expect(try fixture.text(path) == fresh.text(path), "\(path) differs")
        }
    }

    @Test func quietNightsGenerateNothing() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        let first = try fixture.generate()
        for day in 1...2 {
            try night(fixture, day)
            let report = try fixture.generate()
            #expect(report.files == first.files)
            #expect(report.reused == first.files, "night \(day): every file kept")
            #expect(report.rewritten == 0)
        }
        try expectSameAsFresh(fixture)
    }

    @Test func aNightThatTellsSomethingGeneratesTheSite() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        let first = try fixture.generate()
        try night(fixture, 1, status: .failed, error: OutcomeError(kind: .httpStatus, message: "HTTP 503"))
        let report = try fixture.generate()
        #expect(report.reused < first.files)
        try expectSameAsFresh(fixture)
    }

    @Test func aNightThatFetchedPagesWholeGeneratesTheSite() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        let first = try fixture.generate()
        // A 200 with the same items is not news, but a page fetched whole could start a health event.
        try night(fixture, 1, status: .fetched)
        #expect(try fixture.generate().reused < first.files)
        try expectSameAsFresh(fixture)
    }

    @Test func aTouchedInputOrOutputGeneratesTheSite() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        let first = try fixture.generate()
        // The same bytes, written anew: a check by name, size, time and inode cannot know them the same.
        let health = fixture.configuration.cacheDirectory.appendingPathComponent("sources/charts/health.json")
        try Data(contentsOf: health).write(to: health, options: .atomic)
        #expect(try fixture.generate().reused < first.files)
        #expect(try fixture.generate().reused == first.files)

        try FileManager.default.removeItem(at: fixture.output.appendingPathComponent("sources/charts/feed.atom"))
        let report = try fixture.generate()
        #expect(report.reused < first.files)
        #expect(
            FileManager.default.fileExists(
                atPath: fixture.output.appendingPathComponent("sources/charts/feed.atom").path))
        try expectSameAsFresh(fixture)
    }

    @Test func aRunRecordRemovedGeneratesTheSite() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        let first = try fixture.generate()
        try FileManager.default.removeItem(at: fixture.store.runFile(RunRecord.id(for: SiteFixture.dayBefore)))
        #expect(try fixture.generate().reused < first.files)
        try expectSameAsFresh(fixture)
    }
}
