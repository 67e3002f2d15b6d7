import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// A source longer than `site.pageSize` is cut into `index.html`, `page-2.html`, … linked
/// both ways, each in the sitemap; a source that fits one page is as it always was.
@Suite struct SitePaginationTests {
    /// The fixture's sites with `pageSize`, and a list of 7 dated articles, newest first.
    func fixture(pageSize: Int, directory: TemporaryDirectory? = nil) throws -> SiteFixture {
        let base = try SiteFixture(label: "pages")
        var configuration = base.configuration
        configuration.site.pageSize = pageSize
        if let directory {
            configuration.outputDirectory = directory.file("Output")
            configuration.cacheDirectory = directory.file("Cache")
        }
        let fixture = SiteFixture(directory: directory ?? base.directory, configuration: configuration)
        let articles = (1...7).map { number in
            SiteFixture.article(
                "post-\(number)", "Post \(number)", day: SiteFixture.dayBefore.addingTimeInterval(-Double(number) * 60),
                summary: "Summary \(number).")
        }
        let charts = (1...5).map { SiteFixture.chart(100 + $0, "Chart \($0)", scale: $0 * 1_000) }
        try fixture.record(
            at: SiteFixture.night, snapshots: ["articles": articles, "charts": charts],
            changes: [
                Change(
                    kind: .baseline, sourceID: "articles", itemID: "", detectedAt: SiteFixture.night, trackedItems: 7)
            ], store: fixture.store)
        return fixture
    }

    @Test func aLongListIsCutIntoLinkedPagesInTheSitemap() throws {
        let site = try fixture(pageSize: 3)
        _ = try site.generate()
        let files = site.files().filter { $0.hasPrefix("sources/articles/") }
        #expect(
            files == [
                "sources/articles/feed.atom", "sources/articles/feed.json", "sources/articles/index.html",
                "sources/articles/page-2.html", "sources/articles/page-3.html",
            ])
        let first = try site.text("sources/articles/index.html")
        let second = try site.text("sources/articles/page-2.html")
        let last = try site.text("sources/articles/page-3.html")
        for number in 1...3 { #expect(first.contains(">Post \(number)</a>")) }
        for number in 4...7 { #expect(!first.contains(">Post \(number)</a>")) }
        for number in 4...6 { #expect(second.contains(">Post \(number)</a>")) }
        #expect(last.contains(">Post 7</a>") && !last.contains(">Post 6</a>"))
        #expect(first.contains("<link rel=\"next\" href=\"page-2.html\">") && !first.contains("rel=\"prev\""))
        #expect(second.contains("<link rel=\"prev\" href=\"index.html\">"))
        #expect(second.contains("<link rel=\"next\" href=\"page-3.html\">"))
        #expect(second.contains("<a href=\"page-3.html\" rel=\"next\">Next</a>"))
        #expect(second.contains("<span class=\"page-number\">Page 2 of 3</span>"))
        #expect(second.contains("(Items 4–6 of 7)"))
        #expect(last.contains("<a href=\"page-2.html\" rel=\"prev\">Previous</a>") && !last.contains("rel=\"next\""))
        // Every page names the whole source's count and keeps its group's heading.
        #expect(last.contains("7 items") && last.contains("<h2>Earlier</h2>"))
        let sitemap = try site.text("sitemap.xml")
        for page in ["index.html", "page-2.html", "page-3.html"] {
            #expect(sitemap.contains("https://example.org/watch/sources/articles/\(page)"))
        }
    }

    @Test func everyPageOfATableHasItsColumns() throws {
        let site = try fixture(pageSize: 2)
        _ = try site.generate()
        for page in ["index.html", "page-2.html", "page-3.html"] {
            let text = try site.text("sources/charts/\(page)")
            #expect(text.contains("<th scope=\"col\" data-field=\"scale\" data-numeric>Scale</th>"), "\(page)")
            #expect(text.components(separatedBy: "<tr data-search=").count - 1 == (page == "page-3.html" ? 1 : 2))
        }
        #expect(
            !FileManager.default.fileExists(
                atPath: site.output.appendingPathComponent("sources/charts/page-4.html").path))
    }

    @Test func pagesLeftFromALongerSourceAreRemovedAndOnePageIsAsBefore() throws {
        let directory = try TemporaryDirectory("pages-shrink")
        _ = try fixture(pageSize: 2, directory: directory).generate()
        #expect(FileManager.default.fileExists(atPath: directory.file("Output/sources/articles/page-4.html").path))
        try FileManager.default.createDirectory(
            at: directory.file("Output/sources/articles/mine"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: directory.file("Output/sources/articles/page-two.html"))
        let shorter = try fixture(pageSize: 4, directory: directory)
        _ = try shorter.generate()
        let files = shorter.files().filter { $0.hasPrefix("sources/articles/") && $0.hasSuffix(".html") }
        #expect(
            files == ["sources/articles/index.html", "sources/articles/page-2.html", "sources/articles/page-two.html"])
        let single = try fixture(pageSize: 500, directory: directory)
        _ = try single.generate()
        let page = try single.text("sources/articles/index.html")
        #expect(!page.contains("pagination") && !page.contains("rel=\"next\""))
        #expect(!FileManager.default.fileExists(atPath: directory.file("Output/sources/articles/page-2.html").path))
        // The same site from scratch, at the default size: the same bytes.
        let fresh = try fixture(pageSize: 500)
        _ = try fresh.generate()
        #expect(try fresh.text("sources/articles/index.html") == page)
    }

    @Test func aDeletedFurtherPageIsRenderedAgainAndTheRestKept() throws {
        let site = try fixture(pageSize: 3)
        _ = try site.generate()
        let second = site.output.appendingPathComponent("sources/articles/page-2.html")
        let bytes = try Data(contentsOf: second)
        try FileManager.default.removeItem(at: second)
        let report = try site.generate()
        #expect(try Data(contentsOf: second) == bytes)
        #expect(report.rewritten == 1)
    }

    @Test(arguments: [
        (#"{"sources": [], "site": {"pageSize": 0}}"#, "site.pageSize: must be from 1 to 100000 items a page, not 0"),
        (#"{"sources": [], "site": {"pageSize": "many"}}"#, "site.pageSize: expected a whole number, found a string"),
        (#"{"sources": [], "site": {"pageSize": 2.5}}"#, "site.pageSize: expected a whole number, found 2.5"),
    ])
    func aBadPageSizeIsAConfigurationError(json: String, message: String) throws {
        do {
            _ = try ConfigurationLoader.load(
                Data(json.utf8), file: URL(fileURLWithPath: "/srv/trawl.json"), environment: [:])
            Issue.record("\(json) was accepted")
        } catch let error as ConfigurationError {
            #expect(error.problems.map(\.description) == [message])
        }
    }

    @Test func thePageSizeIsReadAndDefaultsTo500() throws {
        let file = URL(fileURLWithPath: "/srv/trawl.json")
        let set = try ConfigurationLoader.load(
            Data(#"{"sources": [], "site": {"pageSize": 250}}"#.utf8), file: file, environment: [:])
        let unset = try ConfigurationLoader.load(Data(#"{"sources": []}"#.utf8), file: file, environment: [:])
        #expect(set.site.pageSize == 250 && unset.site.pageSize == 500)
    }
}
