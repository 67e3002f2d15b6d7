import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// What the pages show: mirrored files, the Today / Earlier sections, sortable columns,
/// relative links, and a user's templates over the built-in ones.
@Suite struct SitePageTests {
    @Test func aSourcesPageLinksTheLocalCopyOfAMirroredFile() throws {
        var fixture = try SiteFixture().writeTwoRuns()
        var configuration = fixture.configuration
        configuration.sources[0].download = "url"
        fixture = SiteFixture(directory: fixture.directory, configuration: configuration)
        let copy = fixture.output.appendingPathComponent("files/charts/13325.pdf")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("pdf".utf8).write(to: copy)
        try fixture.store.save(
            downloadRecords: [
                "13325.pdf": DownloadRecord(url: "https://charts.example/PDFs/13325.pdf", size: 3, complete: true)
            ],
            of: "charts")
        _ = try fixture.generate()
        let page = try fixture.text("sources/charts/index.html")
        #expect(page.contains("<th scope=\"col\">Local copy</th>"))
        #expect(page.contains("<td><a href=\"../../files/charts/13325.pdf\">download</a></td>"))
        // The chart with no mirror has an empty cell, and the mirror itself is left alone.
        #expect(page.contains("Cape Lookout</a></td><td></td></tr>"))
        #expect(FileManager.default.fileExists(atPath: copy.path))
    }

    @Test func datedItemsAreGroupedAsTodayAndEarlierByTheLastRunsDay() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        _ = try fixture.generate()
        let page = try fixture.text("sources/articles/index.html")
        let today = try #require(page.range(of: "<h2>Today</h2>"))
        let earlier = try #require(page.range(of: "<h2>Earlier</h2>"))
        let scraping = try #require(page.range(of: "Scraping the web</a>"))
        let caching = try #require(page.range(of: "Caching in Swift</a>"))
        #expect(today.lowerBound < scraping.lowerBound && scraping.lowerBound < earlier.lowerBound)
        #expect(earlier.lowerBound < caching.lowerBound)
    }

    @Test func numericColumnsSortAsNumbers() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        _ = try fixture.generate()
        let page = try fixture.text("sources/charts/index.html")
        #expect(
            page.contains(
                "<th scope=\"col\" data-field=\"number\" data-numeric>Number</th>"
                    + "<th scope=\"col\" data-field=\"scale\" data-numeric>Scale</th>"
                    + "<th scope=\"col\" data-field=\"title\">Title</th></tr>"))
        // Sorted by the raw number, shown in words.
        #expect(page.contains("<td class=\"num\" data-sort=\"40000\">1:40,000</td>"))
        #expect(page.contains("<table class=\"items sortable\">"))
    }

    @Test(arguments: [("index.html", ""), ("sources/charts/index.html", "../../"), ("digests/index.html", "../")])
    func linksAreRelativeToThePage(_ path: String, _ root: String) throws {
        let fixture = try SiteFixture().writeTwoRuns()
        _ = try fixture.generate()
        let page = try fixture.text(path)
        #expect(page.contains("<link rel=\"stylesheet\" href=\"\(root)assets/style.css\">"))
        #expect(page.contains("<link rel=\"alternate\" type=\"application/atom+xml\""))
        #expect(!page.contains("href=\"/"))
    }

    @Test func aUsersTemplateOverridesTheBuiltInOneFileByFile() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        let templates = fixture.directory.file("Templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try "{{<layout}}\n{{$content}}\n<p>Mine: {{page.siteTitle}}</p>\n{{/content}}\n{{/layout}}\n"
            .write(to: templates.appendingPathComponent("index.mustache"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            at: templates.appendingPathComponent("assets"), withIntermediateDirectories: true)
        try "body { color: red; }\n".write(
            to: templates.appendingPathComponent("assets/style.css"), atomically: true, encoding: .utf8)
        var configuration = fixture.configuration
        configuration.templatesDirectory = templates
        _ = try SiteGenerator(configuration: configuration).generate()
        let index = try fixture.text("index.html")
        #expect(index.contains("<p>Mine: Watch</p>"))
        #expect(index.contains("<title>Watch</title>") == false)
        #expect(index.hasPrefix("<!DOCTYPE html>"))
        #expect(try fixture.text("assets/style.css") == "body { color: red; }\n")
        // Pages the user did not override keep the built-in template.
        #expect(try fixture.text("sources/charts/index.html").contains("<table class=\"items sortable\">"))
    }

    @Test func aBrokenTemplateIsReportedWithItsFileLineAndColumn() throws {
        let fixture = try SiteFixture().writeTwoRuns()
        let templates = fixture.directory.file("Templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try "<p>\n{{#items}}\n".write(
            to: templates.appendingPathComponent("digests.mustache"), atomically: true, encoding: .utf8)
        var configuration = fixture.configuration
        configuration.templatesDirectory = templates
        let error = #expect(throws: (any Error).self) { try SiteGenerator(configuration: configuration).generate() }
        #expect(
            "\(error.map { "\($0)" } ?? "")".hasPrefix(
                templates.appendingPathComponent("digests.mustache").path + ":2:1:"))
    }

    @Test func everyBuiltInTemplateIsEmbedded() {
        for (name, bytes) in BuiltInTemplates.files {
            #expect(!bytes.isEmpty, "\(name) is empty")
        }
        #expect(BuiltInTemplates.assets.allSatisfy { BuiltInTemplates.files[$0] != nil })
    }
}
