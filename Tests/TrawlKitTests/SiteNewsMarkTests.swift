import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// A source's page marks what the latest run added or changed in every view an item can
/// have: a list's item, a podcast's episode, a status page's switch, a table's row. The
/// mark is a class and a word (`New`, `Changed`), never a colour alone.
@Suite struct SiteNewsMarkTests {
    /// Three items of the shape `kind` gives; the second is added by the latest run, the
    /// third changed, the first is as it was.
    static func nights(of kind: SourceConfiguration.Kind) -> (before: [Item], after: [Item]) {
        func item(_ name: String, note: String) -> Item {
            switch kind {
            case .table:
                let url = URL(string: "https://charts.example/\(name).pdf")!
                return Item(
                    id: name, title: name, url: url,
                    fields: [.init("title", .string(name)), .init("note", .string(note)), .init("url", .url(url))])
            case .status:
                return Item(
                    id: name, title: name,
                    fields: [.init("state", .string("on")), .init("on", .bool(true)), .init("note", .string(note))])
            case .feed:
                // With an enclosure: an episode.
                let url = URL(string: "https://pod.example/\(name)")!
                return Item(
                    id: name, title: name, url: url, summary: note,
                    fields: [
                        .init("enclosure", .url(URL(string: "https://cdn.pod.example/\(name).mp3")!)),
                        .init("enclosureType", .string("audio/mpeg")),
                    ])
            case .list, .json, .page:
                let url = URL(string: "https://blog.example/\(name)")!
                return Item(id: name, title: name, url: url, summary: note, fields: [.init("note", .string(note))])
            }
        }
        return (
            [item("Kept", note: "same"), item("Edited", note: "before")],
            [item("Kept", note: "same"), item("Arrived", note: "fresh"), item("Edited", note: "after")]
        )
    }

    /// The partial (or the table) each kind's items are shown by, so a view left unmarked is named.
    static func view(of kind: SourceConfiguration.Kind) -> String {
        switch kind {
        case .table: return "<tr"
        case .status: return "<li class=\"item switch"
        case .feed: return "<li class=\"item episode"
        case .list, .json, .page: return "<li class=\"item"
        }
    }

    @Test(arguments: SourceConfiguration.Kind.allCases)
    func everyViewMarksWhatTheLatestRunAddedOrChanged(_ kind: SourceConfiguration.Kind) throws {
        let directory = try TemporaryDirectory("news-mark")
        let configuration = Configuration(
            file: directory.file("trawl.json"), site: SiteSettings(title: "Watch"),
            outputDirectory: directory.file("Output"), cacheDirectory: directory.file("Cache"),
            sources: [SourceConfiguration(id: "watched", kind: kind, url: URL(string: "https://example.org/")!)])
        let fixture = SiteFixture(directory: directory, configuration: configuration)
        let (before, after) = Self.nights(of: kind)
        try fixture.record(
            at: SiteFixture.dayBefore, snapshots: ["watched": before],
            changes: [
                Change(
                    kind: .baseline, sourceID: "watched", itemID: "", detectedAt: SiteFixture.dayBefore, trackedItems: 2
                )
            ], store: fixture.store)
        try fixture.record(
            at: SiteFixture.night, snapshots: ["watched": after],
            changes: [
                Change(
                    kind: .added, sourceID: "watched", itemID: "Arrived", detectedAt: SiteFixture.night, after: after[1]
                ),
                Change(
                    kind: .changed, sourceID: "watched", itemID: "Edited", detectedAt: SiteFixture.night,
                    after: after[2],
                    before: before[1],
                    fieldChanges: [.init(field: "note", old: .string("before"), new: .string("after"))]),
            ], store: fixture.store)
        _ = try fixture.generate()
        let page = try fixture.text("sources/watched/index.html")

        #expect(page.contains(Self.view(of: kind)), "\(kind): not the view expected")
        // The line that shows an item's title: a list's `item-title`, a table's row.
        func line(showing title: String) -> Substring? {
            page.split(separator: "\n").first {
                ($0.hasPrefix("<tr") || $0.contains("class=\"item-title\""))
                    && ($0.contains(">\(title)</a>") || $0.contains(" \(title)</p>"))
            }
        }
        for (name, word, title) in [("added", "New", "Arrived"), ("changed", "Changed", "Edited")] {
            let mark = "<span class=\"news news-\(name)\">\(word)</span> "
            let shown = try #require(line(showing: title), "\(kind): no line shows \(title)")
            #expect(shown.contains(mark), "\(kind): \(title) is not marked '\(word)' in words: \(shown)")
            #expect(page.contains("item-\(name)\""), "\(kind): no element has the class item-\(name)")
        }
        // The item the run left alone is not marked.
        let kept = try #require(line(showing: "Kept"))
        #expect(!kept.contains("class=\"news "), "\(kind): an item that did not change is marked: \(kept)")
        #expect(page.components(separatedBy: "class=\"news news-").count - 1 == 2)
    }

    /// A switch that flipped says so in words of its own, once: no `Changed` beside them.
    @Test func aFlippedSwitchIsMarkedOnceInItsOwnWords() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        _ = try fixture.generate()
        let page = try fixture.text("sources/garden/index.html")
        #expect(page.contains("<li class=\"item switch switch-on flipped item-changed\" data-search=\"heater"))
        #expect(page.contains("<strong class=\"flag\">Flipped in the latest run</strong>"))
        #expect(!page.contains(">Changed</span>"))
    }
}
