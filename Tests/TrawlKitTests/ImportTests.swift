import Foundation
import TestSupport
import Testing
import TrawlJSON

@testable import TrawlKit

/// `trawl import` on real exports: FreshRSS's OPML, users' urlwatch jobs and changedetection.io
/// backups (Fixtures/Import/PROVENANCE.md). Each mapped field was checked against the file by hand.
@Suite struct ImportTests {
    static let folder = SharedTestData.packageRoot.appendingPathComponent("Tests/TrawlKitTests/Fixtures/Import")

    static func report(_ name: String, existing: [String] = []) throws -> ImportReport {
        let bytes = try Array(Data(contentsOf: folder.appendingPathComponent(name)))
        return try ImportReader.read(bytes, file: name, existing: existing)
    }

    /// The sources as `trawl.json` would hold them, loaded by the real loader.
    static func load(_ report: ImportReport) throws -> [SourceConfiguration] {
        let text = "{\"sources\": [\(report.sources.map { $0.json() }.joined(separator: ",\n"))]}"
        return try ConfigurationLoader.load(Data(text.utf8), file: folder.appendingPathComponent("trawl.json")).sources
    }

    @Test func freshRSSXPathFeedBecomesAListSourceWithItsXPathKept() throws {
        let report = try Self.report("freshrss-opml-extension-example.opml")
        #expect(report.format == .opml)
        let source = try #require(try Self.load(report).first)
        #expect(source.id == "example" && source.name == "Example" && source.kind == .list)
        #expect(source.url.absoluteString == "https://www.example.net/page.html")
        #expect(source.itemsXPath == "//a[contains(@href, '/interesting/')]/ancestor::article")
        #expect(source.field("title")?.locator == .xpath("descendant::h2"))
        #expect(source.field("summary")?.locator == .xpath("."))
        #expect(source.field("url")?.locator == .xpath("descendant::a[string-length(@href)>0]/@href"))
        #expect(source.field("url")?.type == .url)
        #expect(source.field("image")?.locator == .xpath("descendant::img/@src"))
        let notes = report.sources[0].notes.joined(separator: "\n")
        #expect(notes.contains("cssFullContent") && notes.contains("filtersActionRead"))
    }

    @Test func aPlainOPMLOutlineBecomesAFeedSource() throws {
        let report = try Self.report("freshrss-opml-default.xml")
        let source = try #require(try Self.load(report).first)
        #expect(source.kind == .feed && source.name == "FreshRSS releases")
        #expect(source.url.absoluteString == "https://github.com/FreshRSS/FreshRSS/releases.atom")
        #expect(report.sources[0].notes.isEmpty)
    }

    @Test func nestedCategoriesJSONFeedsAndDynamicCategoriesOfAnExport() throws {
        let report = try Self.report("freshgo-export.opml")
        let sources = try Self.load(report)
        #expect(sources.map(\.name) == ["example.org/unnamed?x=1&y=2", "Page \"one\" <1>", "Apple", "zebra"])
        let page = sources[1]
        #expect(page.itemsXPath == "//article" && page.field("title")?.locator == .xpath("h2"))
        #expect(page.idField == "uid" && page.field("uid")?.locator == .xpath("@id"))
        #expect(page.request.headers["User-Agent"] == "agent/1.0" && page.request.headers["X-Two"] == "2")
        #expect(page.request.method == "POST" && page.every == 7_200)
        let zebra = sources[3]
        #expect(zebra.kind == .json && zebra.items == "$.items[*]" && zebra.field("title")?.locator == .json("$.t"))
        #expect(report.skipped.count == 1 && report.skipped[0].contains("https://example.org/list.opml"))
    }

    @Test(arguments: [
        ("data.items", "$.data.items"), ("meta.links[0]", "$.meta.links[0]"), ("a-b.c", "$['a-b'].c"),
        ("object.object.array[2].property", "$.object.object.array[2].property"),
    ])
    func dottedPathsBecomeJSONPath(dotted: String, path: String) {
        #expect(OPMLImporter.jsonPath(dotted: dotted) == path)
    }

    @Test func urlwatchXPathJobsWatchTheSelectedPart() throws {
        let report = try Self.report("urlwatch-nbossard-urls.yaml")
        #expect(report.format == .urlwatch)
        let isPageWatch = report.sources.allSatisfy(\.isWholePage)
        let sources = try Self.load(report)
        #expect(sources.count == 6)
        #expect(sources[1].name == "Meetup évènement à venir")
        #expect(sources[0].name == "Rennes Urban Trail Inscription")
        #expect(sources[0].url.absoluteString == "https://www.rennesurbantrail.bzh/inscriptions.php")
        #expect(sources[0].field("text")?.locator == .xpath("/html/body/div[3]/div/main/div"))
        #expect(isPageWatch)
    }

    @Test func urlwatchCSSFiltersInBothSpellings() throws {
        let sources = try Self.load(try Self.report("urlwatch-asaaff-urls.yaml"))
        #expect(sources.count == 8)
        #expect(sources[0].kind == .page && sources[0].items == ".tg-grid-holder article:nth-child(-n+2) h2")
        #expect(sources[6].name == "daniel.haxx.se")
        #expect(sources[6].kind == .page && sources[6].items == "#content article:nth-child(-n+2) .entry-title")
    }

    @Test func urlwatchExampleSaysWhatItCouldNotImport() throws {
        let report = try Self.report("urlwatch-example-urls.yaml")
        #expect(report.skipped.count == 1 && report.skipped[0].contains("ls -al ~"))
        let sources = try Self.load(report)
        #expect(
            sources.map(\.id) == ["urlwatch-webpage", "example-org", "example-com", "example-com-2", "example-com-3"])
        #expect(report.sources[0].notes.contains { $0.contains("grep 'Current.*version'") })
        #expect(sources[2].request.method == "POST")
        #expect(
            String(decoding: sources[2].request.body ?? Data(), as: UTF8.self) == "button=Search&q=something&category=4"
        )
        #expect(sources[2].request.contentType == "application/x-www-form-urlencoded")
        #expect(report.sources[3].notes.contains { $0.contains("PURGE") })
        #expect(
            String(decoding: sources[4].request.body ?? Data(), as: UTF8.self) == "button=Search&q=something&category=4"
        )
    }

    @Test func changedetectionWatchesWithTheirIntervals() throws {
        let report = try Self.report("changedetection-0.45-url-watches.json")
        #expect(report.format == .changedetection)
        let sources = try Self.load(report)
        #expect(sources.count == 1)
        #expect(sources[0].url.absoluteString == "https://www.townscript.com/v2/e/0x06/booking/tickets")
        #expect(sources[0].id == "www-townscript-com" && sources[0].every == 15 && sources[0].render == nil)
        let old = try Self.load(try Self.report("changedetection-0.39-url-watches.json"))
        #expect(
            old.map(\.id) == ["www-quotationspage-com", "news-ycombinator-com", "www-gov-uk", "changedetection-io"])
        #expect(old[0].every == 10_800 * 60 && old[1].every == 180 * 60)
    }

    @Test func aBackupZipIsReadFromItsCentralDirectory() async throws {
        let directory = try TemporaryDirectory()
        let json = directory.file("url-watches.json")
        try FileManager.default.copyItem(
            at: Self.folder.appendingPathComponent("changedetection-0.39-url-watches.json"), to: json)
        let zip = directory.file("backup.zip")
        guard let tool = try ExternalTool.find("zip", package: "zip") else { return }
        let result = try await tool.run(["-j", "-9", zip.path, json.path])
        #expect(result.status == 0)
        let report = try ImportReader.read(
            Array(try Data(contentsOf: zip)), file: "backup.zip", existing: ["www-gov-uk"])
        #expect(
            report.sources.map(\.id) == [
                "www-quotationspage-com", "news-ycombinator-com", "www-gov-uk-2", "changedetection-io",
            ])
    }

    @Test func aYAMLErrorNamesTheFileLineAndColumn() {
        #expect(throws: YAMLError.self) { try YAMLReader.documents(Array("url: [a\nname: b".utf8), file: "urls.yaml") }
        do {
            _ = try YAMLReader.documents(Array("a: &x 1\nb: *x\n".utf8), file: "urls.yaml")
            Issue.record("an anchor was read")
        } catch {
            #expect("\(error)".hasPrefix("urls.yaml:1:4: anchors"))
        }
    }

    @Test func aListSourceTakesItsItemsByXPathAndAStringXPathGivesItsValue() throws {
        var source = SourceConfiguration(
            id: "x", kind: .list, url: URL(string: "https://example.org/")!,
            fields: [
                FieldRule(name: "title", locator: .xpath("string(h2)")),
                FieldRule(name: "count", locator: .xpath("count(.//a)"), type: .int),
                FieldRule(name: "url", locator: .xpath("a/@href"), type: .url),
            ])
        source.itemsXPath = "//li"
        let document = Document.parseHTML(
            "<ul><li><h2>One</h2><a href='/1'>a</a><a>b</a></li><li><h2>Two</h2><a href='/2'>c</a></li></ul>",
            url: URL(string: "https://example.org/"))
        let result = try PageScraper(source: source).scrape(document)
        #expect(result.items.map(\.title) == ["One", "Two"])
        #expect(result.items.map { $0.url?.absoluteString } == ["https://example.org/1", "https://example.org/2"])
        #expect(result.items[0][field: "count"] == .int(2))
    }

    @Test func aBadItemsXPathIsAConfigurationErrorNamingTheSourceAndTheExpression() {
        let text =
            #"{"sources": [{"id": "x", "kind": "list", "url": "https://example.org/", "items": {"xpath": "//li[@"}, "fields": {"title": "a"}}]}"#
        do {
            _ = try ConfigurationLoader.load(Data(text.utf8), file: URL(fileURLWithPath: "/tmp/trawl.json"))
            Issue.record("a broken XPath loaded")
        } catch {
            #expect("\(error)".contains("sources[0].items.xpath") && "\(error)".contains("//li[@"), "\(error)")
        }
    }
}
