import Foundation
import TestSupport
import Testing

@testable import TrawlKit

#if canImport(Glibc)
    import Glibc
#endif

/// A page whose inputs did not change is not rendered again, and a change to anything a
/// page is made of (a snapshot, a run record, a template, the configuration, the output
/// file itself) renders it again, to the same bytes a fresh generation gives.
@Suite struct SiteIncrementalTests {
    /// The source pages that can be reused: every kind but status (which shows the runs).
    static let reusablePages = 3

    private func fresh(_ fixture: SiteFixture) throws -> SiteFixture {
        var configuration = fixture.configuration
        configuration.outputDirectory = fixture.directory.file("Fresh-\(UUID().uuidString)")
        let other = SiteFixture(directory: fixture.directory, configuration: configuration)
        _ = try other.generate()
        return other
    }

    /// The output is byte for byte what a generation into an empty folder gives.
    private func expectSameAsFresh(_ fixture: SiteFixture, _ comment: Comment) throws {
        let other = try fresh(fixture)
        #expect(fixture.files() == other.files(), comment)
        for path in other.files() {
            #expect(try fixture.text(path) == other.text(path), "\(path) differs: \(comment)")
        }
    }

    /// Generates with the last generation's stamp forgotten: the site is generated, and the
    /// manifest decides page by page (`SiteStampTests` has the stamp's own cases).
    private func generateWithoutStamp(_ fixture: SiteFixture) throws -> SiteGenerator.Report {
        let stamp = GenerationStamp.file(
            cacheDirectory: fixture.configuration.cacheDirectory, outputDirectory: fixture.output)
        try? FileManager.default.removeItem(at: stamp)
        return try fixture.generate()
    }

    @Test func anUnchangedCacheReusesTheSourcePages() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        let first = try fixture.generate()
        #expect(first.reused == 0)
        let second = try generateWithoutStamp(fixture)
        #expect(second.reused == Self.reusablePages)
        #expect(second.rewritten == 0)
        #expect(second.files == first.files)
        try expectSameAsFresh(fixture, "unchanged")
    }

    @Test func aReusedPageIsNotRenderedAgain() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        _ = try fixture.generate()
        // Same size and modification time, other bytes: only a render would notice.
        let file = fixture.output.appendingPathComponent("sources/charts/index.html")
        var before = stat()
        #expect(stat(file.path, &before) == 0)
        let stand = Data(repeating: UInt8(ascii: "x"), count: Int(before.st_size))
        try stand.write(to: file)
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, file.path, &times, 0) == 0)
        let report = try generateWithoutStamp(fixture)
        #expect(report.reused == Self.reusablePages)
        #expect(try Data(contentsOf: file) == stand)
    }

    @Test func aDeletedOrEditedOutputFileIsRenderedAgain() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        _ = try fixture.generate()
        try FileManager.default.removeItem(at: fixture.output.appendingPathComponent("sources/charts/index.html"))
        try Data("edited".utf8).write(to: fixture.output.appendingPathComponent("sources/articles/index.html"))
        let report = try fixture.generate()
        #expect(report.reused == Self.reusablePages - 2)
        #expect(report.rewritten == 2)
        try expectSameAsFresh(fixture, "after a deletion and an edit")
    }

    @Test func aChangedSnapshotRendersItsPageAgain() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        _ = try fixture.generate()
        // The same snapshot time and run records: only the snapshot's bytes differ.
        let items = [SiteFixture.chart(99_999, "A chart added by hand", scale: 50_000)]
        try fixture.store.save(Snapshot(sourceID: "charts", takenAt: SiteFixture.night, items: items))
        let report = try fixture.generate()
        #expect(report.reused == Self.reusablePages - 1)
        #expect(try fixture.text("sources/charts/index.html").contains("A chart added by hand"))
        try expectSameAsFresh(fixture, "after a snapshot change")
    }

    @Test func aNewRunRecordRendersThePagesAgain() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        _ = try fixture.generate()
        let later = SiteFixture.night.addingTimeInterval(86_400)
        try fixture.record(
            at: later, snapshots: ["articles": [SiteFixture.article("new", "New post", day: later, summary: "Hi.")]],
            changes: [
                Change(kind: .added, sourceID: "articles", itemID: "https://blog.example/new", detectedAt: later)
            ],
            store: fixture.store)
        let report = try fixture.generate()
        // The last run's time is on every page.
        #expect(report.reused == 0)
        try expectSameAsFresh(fixture, "after a new run")
    }

    @Test func aChangedTemplateRendersThePagesAgain() throws {
        let plain = try SiteFixture()
        var configuration = plain.configuration
        let templates = plain.directory.file("Templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        configuration.templatesDirectory = templates
        let fixture = try SiteFixture(directory: plain.directory, configuration: configuration).writeTwoRuns()
        _ = try fixture.generate()
        let item = String(decoding: BuiltInTemplates.files["item.mustache"] ?? [], as: UTF8.self)
        try ("<!-- own item -->" + item).write(
            to: templates.appendingPathComponent("item.mustache"), atomically: true, encoding: .utf8)
        let report = try fixture.generate()
        #expect(report.reused == 0)
        #expect(try fixture.text("sources/articles/index.html").contains("<!-- own item -->"))
        try expectSameAsFresh(fixture, "after a template change")
    }

    @Test func aChangedConfigurationRendersThePagesAgain() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        _ = try fixture.generate()
        var configuration = fixture.configuration
        configuration.site.language = "de"
        configuration.sources[0].name = "Seekarten"
        let edited = SiteFixture(directory: fixture.directory, configuration: configuration)
        let report = try edited.generate()
        #expect(report.reused == 0)
        #expect(try edited.text("sources/charts/index.html").contains("Seekarten"))
        try expectSameAsFresh(edited, "after a configuration change")
    }
}
