import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// Each kind of source in the view that fits it: episodes that play, switches that say
/// what flipped, tables in words with one link a row, and fields a template can name.
@Suite struct SiteViewTests {
    @Test func anEpisodeHasAPlayerItsDurationAndNoRawEnclosureFields() throws {
        var fixture = try SiteFixture()
        fixture = try fixture.writeTwoRuns()
        var second = SiteFixture.episode(2, "Second")
        second.fields += [
            .init("duration", .int(3001)), .init("artwork", .url(URL(string: "https://pod.example/art.jpg")!)),
        ]
        try fixture.store.save(
            Snapshot(sourceID: "podcast", takenAt: SiteFixture.night, items: [second, SiteFixture.episode(1, "Pilot")]))
        _ = try fixture.generate()
        let page = try fixture.text("sources/podcast/index.html")
        #expect(
            page.contains(
                "<audio controls preload=\"none\" src=\"https://cdn.pod.example/2.mp3\" aria-label=\"Play Second\"></audio>"
            ))
        #expect(
            page.contains(
                "<img class=\"artwork\" src=\"https://pod.example/art.jpg\" alt=\"\" width=\"96\" height=\"96\" loading=\"lazy\""
            ))
        #expect(page.contains("<span class=\"duration\" title=\"3001 seconds\">50:01</span>"))
        #expect(page.contains("Download (MP3 · 2.0 KB)"))
        for raw in ["enclosureType", "enclosureLength", "audio/mpeg</dd>", ">3001<"] {
            #expect(!page.contains(raw), "the page shows \(raw)")
        }
    }

    @Test func switchesShowTheirStateWhenTheyFlippedAndWhichHaveGone() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        let lamp = SiteFixture.light("Lamp", on: true)
        let heater = SiteFixture.light("Heater", on: true)
        let third = SiteFixture.night.addingTimeInterval(3_600)
        try fixture.record(
            at: third, snapshots: ["garden": [heater]],
            changes: [Change(kind: .removed, sourceID: "garden", itemID: "Lamp", detectedAt: third, before: lamp)],
            store: fixture.store)
        _ = try fixture.generate()
        let page = try fixture.text("sources/garden/index.html")
        #expect(page.contains("<span class=\"badge badge-on\">On</span> Heater"))
        #expect(page.contains("On since <time datetime=\"2026-11-30T04:00:01Z\">30 November 2026, 04:00 UTC</time>"))
        #expect(page.contains("<span class=\"badge badge-gone\">Gone</span> Lamp"))
        #expect(page.contains("Gone since <time datetime=\"2026-11-30T05:00:00Z\">"))
        #expect(!page.contains("state:") && !page.contains("<dt>State</dt>") && !page.contains(">true<"))
        // The heater flipped in the run before the latest, so it is no longer marked.
        #expect(!page.contains("flipped\""))
    }

    @Test func aSwitchThatFlippedInTheLatestRunIsMarked() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        _ = try fixture.generate()
        let page = try fixture.text("sources/garden/index.html")
        #expect(page.contains("<li class=\"item switch switch-on flipped item-changed\""))
        #expect(page.contains("Flipped in the latest run"))
    }

    @Test func aTableLinksEachRowOnceAndLeavesOutTheURLColumn() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        _ = try fixture.generate()
        let page = try fixture.text("sources/charts/index.html")
        let row = try #require(page.split(separator: "\n").first { $0.hasPrefix("<tr") && $0.contains("data-search=") })
        #expect(row.components(separatedBy: "<a href=").count == 2, "one link in \(row)")
        #expect(!page.contains("data-field=\"url\""))
        #expect(page.contains("<a href=\"https://charts.example/PDFs/13325.pdf\">Quoddy Narrows</a>"))
        #expect(page.contains("<td class=\"num\" data-sort=\"13325\">13325</td>"))
    }

    @Test func futureDatesAreUpcomingNotToday() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        let future = SiteFixture.article(
            "soon", "Coming soon", day: SiteFixture.night.addingTimeInterval(5 * 86_400), summary: "Later.")
        let today = SiteFixture.article("scraping", "Scraping the web", day: SiteFixture.night, summary: "Now.")
        try fixture.store.save(Snapshot(sourceID: "articles", takenAt: SiteFixture.night, items: [future, today]))
        _ = try fixture.generate()
        let page = try fixture.text("sources/articles/index.html")
        let upcoming = try #require(page.range(of: "<h2>Upcoming</h2>"))
        let todayHeading = try #require(page.range(of: "<h2>Today</h2>"))
        let soon = try #require(page.range(of: "Coming soon</a>"))
        #expect(upcoming.lowerBound < soon.lowerBound && soon.lowerBound < todayHeading.lowerBound)
        #expect(page.contains("<p class=\"no-matches\" hidden>"))
    }

    @Test func templatesNameFieldsAndHaveThemRawAndInWords() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        let templates = fixture.directory.file("Templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try """
        {{! Only what a row needs. }}
        {{#table.rows}}[{{fields.number.raw}}|{{fields.scale.human}}|{{fields.scale.raw}}|{{fields.scale.label}}{{#fields.url}}|{{href}}{{/fields.url}}]{{/table.rows}}
        {{#groups}}{{#items}}<{{fields.enclosureLength.human}}|{{#fieldList}}{{name}},{{/fieldList}}>{{/items}}{{/groups}}
        """.write(to: templates.appendingPathComponent("source.mustache"), atomically: true, encoding: .utf8)
        var configuration = fixture.configuration
        configuration.templatesDirectory = templates
        _ = try SiteGenerator(configuration: configuration).generate()
        let charts = try fixture.text("sources/charts/index.html")
        #expect(charts.contains("[13325|1:40,000|40000|Scale|https://charts.example/PDFs/13325.pdf]"))
        let podcast = try fixture.text("sources/podcast/index.html")
        #expect(podcast.contains("<2.0 KB|enclosure,enclosureType,enclosureLength,>"))
    }

    @Test func theSiteLanguageSetsLangAndTheWordingOfDates() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        var configuration = fixture.configuration
        configuration.site.language = "de"
        _ = try SiteGenerator(configuration: configuration).generate()
        let page = try fixture.text("sources/articles/index.html")
        #expect(page.contains("<html lang=\"de\">"))
        #expect(page.contains("30 November 2026"))  // German spells November the same
        #expect(try fixture.text("index.html").contains("<html lang=\"de\">"))
        let charts = try fixture.text("sources/charts/index.html")
        #expect(charts.contains(">1:40.000</td>"))
    }

    @Test(arguments: [("de-CH", true), ("pt-BR", true), ("en", true), ("english!", false), ("e", false)])
    func theSiteLanguageIsALanguageTag(_ tag: String, _ valid: Bool) throws {
        let json = #"{"site": {"title": "T", "language": "\#(tag)"}, "sources": []}"#
        let file = URL(fileURLWithPath: "/tmp/trawl.json")
        if valid {
            #expect(try ConfigurationLoader.load(Data(json.utf8), file: file).site.language == tag)
        } else {
            let error = #expect(throws: ConfigurationError.self) {
                try ConfigurationLoader.load(Data(json.utf8), file: file)
            }
            #expect("\(error.map { "\($0)" } ?? "")".contains("site.language"))
        }
    }

    @Test func withoutALanguageTheSiteIsEnglish() throws {
        let json = #"{"site": {"title": "T"}, "sources": []}"#
        let configuration = try ConfigurationLoader.load(Data(json.utf8), file: URL(fileURLWithPath: "/tmp/t.json"))
        #expect(configuration.site.language == "en")
    }
}
