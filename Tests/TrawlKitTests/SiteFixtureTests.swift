import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// A small cache with every kind of source and two runs a day apart (a baseline, then
/// changes), at fixed times: what the site tests generate from.
struct SiteFixture {
    static let night = SnapshotFixtures.night
    static let dayBefore = night.addingTimeInterval(-86_400)

    let directory: TemporaryDirectory
    let configuration: Configuration
    var output: URL { configuration.outputDirectory }

    init(siteURL: URL? = URL(string: "https://example.org/watch/"), label: String = "site") throws {
        directory = try TemporaryDirectory(label)
        let sources = [
            SourceConfiguration(
                id: "charts", name: "Booklet charts", kind: .table, url: URL(string: "https://charts.example/list")!),
            SourceConfiguration(
                id: "articles", name: "Articles", kind: .list, url: URL(string: "https://blog.example/")!),
            SourceConfiguration(
                id: "podcast", name: "Podcast", kind: .feed, url: URL(string: "https://pod.example/feed.xml")!),
            SourceConfiguration(
                id: "garden", name: "Garden", kind: .status, url: URL(string: "http://192.0.2.1/status")!),
        ]
        configuration = Configuration(
            file: directory.file("trawl.json"),
            site: SiteSettings(title: "Watch", url: siteURL, author: "Night Watch", description: "What changed."),
            outputDirectory: directory.file("Output"), cacheDirectory: directory.file("Cache"), sources: sources)
    }

    init(directory: TemporaryDirectory, configuration: Configuration) {
        self.directory = directory
        self.configuration = configuration
    }

    var store: CacheStore { CacheStore(root: configuration.cacheDirectory) }

    static func chart(_ number: Int, _ title: String, scale: Int) -> Item {
        let url = URL(string: "https://charts.example/PDFs/\(number).pdf")!
        return Item(
            id: String(number), title: title, url: url,
            fields: [
                .init("number", .int(number)), .init("scale", .int(scale)), .init("title", .string(title)),
                .init("url", .url(url)),
            ])
    }

    static func article(_ slug: String, _ title: String, day: Date, summary: String) -> Item {
        let url = URL(string: "https://blog.example/\(slug)")!
        return Item(
            id: url.absoluteString, title: title, url: url, date: day, summary: summary,
            fields: [
                .init("title", .string(title)), .init("url", .url(url)), .init("date", .date(day)),
                .init("tags", .list([.string("swift"), .string("web")])),
            ])
    }

    static func episode(_ number: Int, _ title: String) -> Item {
        let url = URL(string: "https://pod.example/episodes/\(number)")!
        return Item(
            id: "episode-\(number)", title: title, url: url, date: dayBefore.addingTimeInterval(Double(number) * 3_600),
            fields: [
                .init("enclosure", .url(URL(string: "https://cdn.pod.example/\(number).mp3")!)),
                .init("enclosureType", .string("audio/mpeg")), .init("enclosureLength", .int(1_000 * number)),
            ])
    }

    static func light(_ label: String, on: Bool) -> Item {
        Item(id: label, title: label, fields: [.init("state", .string(on ? "on" : "off")), .init("on", .bool(on))])
    }

    /// Writes the two runs: baselines the day before, then one of each kind of change.
    func writeTwoRuns() throws -> Self {
        let store = self.store
        let charts1 = [
            Self.chart(13325, "Quoddy Narrows", scale: 25_000), Self.chart(12280, "Chesapeake Bay", scale: 200_000),
        ]
        let charts2 = [
            Self.chart(13325, "Quoddy Narrows", scale: 40_000), Self.chart(11544, "Cape Lookout", scale: 80_000),
        ]
        let articles1 = [
            Self.article("caching", "Caching in Swift", day: Self.dayBefore, summary: "Keep what you fetched.")
        ]
        let articles2 = [
            Self.article("scraping", "Scraping the web", day: Self.night, summary: "Pages without an API."),
            Self.article("caching", "Caching in Swift", day: Self.dayBefore, summary: "Keep what you fetched."),
        ]
        let episodes1 = [Self.episode(1, "Pilot")]
        let episodes2 = [Self.episode(2, "Second"), Self.episode(1, "Pilot")]
        let garden1 = [Self.light("Heater", on: false)]
        let garden2 = [Self.light("Heater", on: true)]
        try record(
            at: Self.dayBefore,
            snapshots: ["charts": charts1, "articles": articles1, "podcast": episodes1, "garden": garden1],
            changes: [
                Change(kind: .baseline, sourceID: "charts", itemID: "", detectedAt: Self.dayBefore, trackedItems: 2),
                Change(kind: .baseline, sourceID: "articles", itemID: "", detectedAt: Self.dayBefore, trackedItems: 1),
                Change(kind: .baseline, sourceID: "podcast", itemID: "", detectedAt: Self.dayBefore, trackedItems: 1),
                Change(kind: .baseline, sourceID: "garden", itemID: "", detectedAt: Self.dayBefore, trackedItems: 1),
            ], store: store)
        let later = Self.night.addingTimeInterval(1)
        try record(
            at: Self.night,
            snapshots: ["charts": charts2, "articles": articles2, "podcast": episodes2, "garden": garden2],
            changes: [
                Change(
                    kind: .changed, sourceID: "charts", itemID: "13325", detectedAt: Self.night, after: charts2[0],
                    before: charts1[0], fieldChanges: [.init(field: "scale", old: .int(25_000), new: .int(40_000))]),
                Change(kind: .added, sourceID: "charts", itemID: "11544", detectedAt: Self.night, after: charts2[1]),
                Change(kind: .removed, sourceID: "charts", itemID: "12280", detectedAt: Self.night, before: charts1[1]),
                Change(
                    kind: .added, sourceID: "articles", itemID: articles2[0].id, detectedAt: later, after: articles2[0]),
                Change(kind: .added, sourceID: "podcast", itemID: "episode-2", detectedAt: later, after: episodes2[0]),
                Change(
                    kind: .changed, sourceID: "garden", itemID: "Heater", detectedAt: later, after: garden2[0],
                    before: garden1[0],
                    fieldChanges: [
                        .init(field: "state", old: .string("off"), new: .string("on")),
                        .init(field: "on", old: .bool(false), new: .bool(true)),
                    ]),
            ], store: store)
        return self
    }

    func record(at time: Date, snapshots: [String: [Item]], changes: [Change], store: CacheStore) throws {
        var outcomes: [RunRecord.Outcome] = []
        for source in configuration.sources {
            guard let items = snapshots[source.id] else { continue }
            try store.save(Snapshot(sourceID: source.id, takenAt: time, items: items))
            let outcome = RunRecord.Outcome(sourceID: source.id, status: .fetched, itemCount: items.count)
            try store.record(outcome, at: time)
            outcomes.append(outcome)
        }
        try store.save(
            RunRecord(
                id: RunRecord.id(for: time), started: time, finished: time.addingTimeInterval(2), outcomes: outcomes,
                changes: changes))
    }

    func generate() throws -> SiteGenerator.Report {
        try SiteGenerator(configuration: configuration).generateReport()
    }

    func text(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every file under the output folder, relative, sorted.
    func files() -> [String] {
        let root = output.path
        let enumerator = FileManager.default.enumerator(atPath: root)
        var paths: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                paths.append(path)
            }
        }
        return paths.sorted()
    }
}

@Suite struct SiteFixtureTests {
    @Test func theFixtureMakesEveryPageAndFeed() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        _ = try fixture.generate()
        #expect(
            fixture.files() == [
                "assets/site.js", "assets/style.css", "digests/2026-11-29.html", "digests/2026-11-29.md",
                "digests/2026-11-30.html", "digests/2026-11-30.md", "digests/index.html", "feed.atom", "feed.json",
                "feeds.opml",
                "index.html", "sitemap.xml",
                "sources/articles/feed.atom", "sources/articles/feed.json", "sources/articles/index.html",
                "sources/charts/feed.atom", "sources/charts/feed.json", "sources/charts/index.html",
                "sources/garden/feed.atom", "sources/garden/feed.json", "sources/garden/index.html",
                "sources/podcast/feed.atom", "sources/podcast/feed.json", "sources/podcast/index.html",
            ])
    }

    @Test func changesAreNewestFirstAcrossRuns() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        let content = try SiteContent.read(fixture.configuration, store: fixture.store)
        #expect(content.changes.count == 10)
        #expect(content.changes.first?.sourceID == "articles")
        #expect(content.changes.last?.kind == .baseline)
        #expect(content.changes.map(\.detectedAt) == content.changes.map(\.detectedAt).sorted(by: >))
    }

    @Test func anUnreadableSnapshotIsReportedAndLeftInPlace() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        let file = fixture.store.snapshotFile(of: "charts")
        try Data("{ not json".utf8).write(to: file)
        let report = try fixture.generate()
        #expect(report.problems.count == 1)
        #expect(report.problems.first?.error.path == file.path)
        #expect(FileManager.default.fileExists(atPath: file.path))
        #expect(try fixture.text("sources/charts/index.html").contains("<p>No items yet.</p>"))
    }
}
