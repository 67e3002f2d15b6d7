import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// A source's `keep` and `drop`: field → regular expression, on real saved pages (a Publish
/// site's post list with tags, a Reddit listing: `Fixtures/real/PROVENANCE.md`,
/// `Fixtures/json/PROVENANCE.md`). The titles expected were read off the documents by hand.
@Suite struct SourceFilterTests {
    static let publish = "real/publish/edgsgroi-2020-11-index.html"

    /// The Publish site's four posts through the `article-list` preset, with `filters` added.
    static func posts(_ filters: String) throws -> ScrapeResult {
        let source = try Fixture.source(
            #"{"id": "posts", "preset": "article-list", "url": "\#(publish)"\#(filters)}"#)
        return try PageScraper(source: source).scrape(
            Fixture.page(publish, from: URL(string: "https://edgsgroi.github.io/")!))
    }

    static func reddit(_ filters: String) throws -> ScrapeResult {
        try JSONRealDocumentTests.scrape(
            "reddit-angularjs.json", url: "https://www.reddit.com/r/angularjs/.json",
            #"""
            {"id": "ng", "kind": "json", "url": "https://www.reddit.com/r/angularjs/.json",
             "items": "$.data.children[*].data", "idField": "url",
             "fields": {"title": "$.title", "url": {"json": "$.url", "type": "url"}, "domain": "$.domain",
                        "author": "$.author"}\#(filters)}
            """#)
    }

    @Test(arguments: [
        // A list field matches when any of its values does.
        (#", "keep": {"tags": "^tvOS$"}"#, ["Blink! - Brainstorming"]),
        (#", "drop": {"tags": "^Framework$"}"#, ["Projeta", "Blink! - Brainstorming", "Goals"]),
        // "application" is no whole word "app".
        (#", "keep": {"summary": "(?i)\\bapp\\b"}"#, ["Blink! - Brainstorming", "Goals"]),
        // Every key of a `keep` must match; any key of a `drop` leaves an item out.
        (#", "keep": {"tags": "^App$", "title": "^G"}"#, ["Goals"]),
        (#", "drop": {"tags": "^SwiftUI$", "title": "^Goals$"}"#, ["Projeta", "Formworks"]),
        (#", "keep": {"tags": "^iOS$"}, "drop": {"tags": "^App$"}"#, ["Formworks"]),
    ])
    func keepAndDropPickItemsByAnyField(filters: String, titles: [String]) throws {
        let result = try Self.posts(filters)
        #expect(result.items.map(\.title) == titles)
        #expect(result.filteredOut == 4 - titles.count)
        #expect(result.warnings.isEmpty)
    }

    @Test func aFilterWorksOnJSONSourcesAndCaseIsTheRegexsToSay() throws {
        let directives = try Self.reddit(#", "keep": {"title": "(?i)\\bdirectives?\\b"}"#)
        #expect(
            directives.items.map(\.title) == [
                "An hour long talk by AngularJS author Misko Hevery on directive internals.  Really good stuff.",
                "Directives demystified", "AngularStrap - Angular Directives for Bootstrap",
            ])
        let caseSensitive = try Self.reddit(#", "keep": {"title": "\\bDirectives\\b"}"#)
        #expect(
            caseSensitive.items.map(\.title) == [
                "Directives demystified", "AngularStrap - Angular Directives for Bootstrap",
            ])
        // Self posts (their links lead back to Reddit) left out by the domain Reddit gives them.
        let links = try Self.reddit(#", "drop": {"domain": "^self\\."}"#)
        #expect(links.items.count == 15)
        #expect(links.filteredOut == 4)
        #expect(!links.items.contains { $0.title == "Introduction to AngularJS" })
    }

    /// bold.dk's football feed (FeedKit's `Ampersand.xml`, in the shared test data; it says
    /// ISO-8859-1 and holds UTF-8 too, so only ASCII is matched here): seven of its twenty
    /// entries name Horsens, two begin "Bo H.".
    @Test func aFilterWorksOnFeedEntries() throws {
        guard let feeds = try SharedTestData.folder("feeds") else { return }
        let file = feeds.appendingPathComponent("feedkit/FeedKitTests/xml/Ampersand.xml")
        func scrape(_ filters: String) throws -> ScrapeResult {
            let source = try Fixture.source(
                #"{"id": "bold", "kind": "feed", "url": "\#(file.absoluteString)"\#(filters)}"#)
            return try PageScraper(source: source).scrape(
                FetchedPage(requestedURL: file, url: file, body: try Data(contentsOf: file)))
        }
        let withoutHorsens = try scrape(#", "drop": {"title": "Horsens"}"#)
        #expect(withoutHorsens.items.count == 13)
        #expect(withoutHorsens.filteredOut == 7)
        #expect(!withoutHorsens.items.contains { $0.title.contains("Horsens") })
        let bo = try scrape(#", "keep": {"title": "^Bo H\\. "}"#)
        #expect(bo.items.count == 2)
        #expect(bo.items.last?.title == "Bo H. giver Horsens-trup genvalg trods kritik")
    }

    @Test func aFilterThatKeepsOneItemOfManyIsNoBrokenLayout() throws {
        let result = try Self.reddit(#", "keep": {"title": "^Directives demystified$"}"#)
        #expect(result.items.count == 1)
        let source = try Fixture.source(
            #"{"id": "ng", "kind": "json", "url": "https://e.org/", "items": "$[*]", "fields": {"title": "$.t"}}"#)
        let previous = Snapshot(sourceID: "ng", takenAt: .now, items: result.items)
        // The page held 19 items: not a page that lost 18 of 20, not an empty one.
        try ScrapeGuard(source: source).check(result, previous: previous)
        var noneKept = result
        noneKept.items = []
        noneKept.filteredOut = 19
        try ScrapeGuard(source: source).check(noneKept, previous: previous)
        // A page that held nothing still is one.
        #expect(throws: ScrapeError.self) { try ScrapeGuard(source: source).check(ScrapeResult(), previous: previous) }
    }

    @Test func trySaysHowManyItemsTheFiltersLeftOut() async throws {
        let directory = try TemporaryDirectory("source-filters")
        try Data(contentsOf: Fixture.url(Self.publish)).write(to: directory.file("posts.html"))
        try Data(
            #"""
            {"sources": [{"id": "posts", "preset": "article-list", "url": "posts.html",
                          "base": "https://edgsgroi.github.io/", "keep": {"tags": "^SwiftUI$"}}]}
            """#.utf8
        ).write(to: directory.file("trawl.json"))
        let capture = CapturingConsole()
        let status = await CommandLineTool.main(
            ["try", "posts", "--config", directory.file("trawl.json").path], console: capture.console)
        #expect(status == .success, "\(capture.errors)")
        #expect(capture.output.contains("Blink! - Brainstorming"))
        #expect(capture.output.hasSuffix("\n1 item\n"))
        #expect(
            capture.errors.contains("[posts] 3 items were left out by the source's keep and drop (not kept, not news)"))

        let json = CapturingConsole()
        let jsonStatus = await CommandLineTool.main(
            ["try", "posts", "--json", "--config", directory.file("trawl.json").path], console: json.console)
        #expect(jsonStatus == .success, "\(json.errors)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect((object["items"] as? [Any])?.count == 1)
        #expect(object["filteredOut"] as? Int == 3)
        // The JSON is the whole answer: no note beside it.
        #expect(json.errors.isEmpty)
    }

    /// A `drop` added after a night without it: the items it takes away are forgotten, with
    /// no "removed" news, and the rest are as they were.
    @Test func aFilterAddedLaterTakesItemsAwayWithoutNews() async throws {
        let directory = try TemporaryDirectory("source-filters")
        try Data(contentsOf: Fixture.url(Self.publish)).write(to: directory.file("posts.html"))
        func night(_ number: Int, filters: String) async throws -> (RunRecord, Configuration) {
            let json = #"""
                {"sources": [{"id": "posts", "preset": "article-list", "url": "posts.html",
                              "base": "https://edgsgroi.github.io/"\#(filters)}]}
                """#
            let configuration = try ConfigurationLoader.load(Data(json.utf8), file: directory.file("trawl.json"))
            let clock = WallClock.fixed(Date(timeIntervalSince1970: 1_796_011_200 + Double(number) * 86_400))
            return (try await Pipeline(configuration: configuration, clock: clock).scrape(), configuration)
        }
        _ = try await night(0, filters: "")
        let (filtered, configuration) = try await night(1, filters: #", "drop": {"tags": "^(Framework|tvOS)$"}"#)
        #expect(filtered.outcomes.first?.status == .fetched)
        #expect(filtered.outcomes.first?.itemCount == 2)
        #expect(!filtered.changes.contains { $0.kind == .removed }, "\(filtered.changes.map(\.kind))")
        let kept = try #require(try CacheStore(root: configuration.cacheDirectory).lastGoodSnapshot(of: "posts"))
        #expect(kept.items.map(\.title) == ["Projeta", "Goals"])
    }

    @Test func anItemLackingARequiredFieldIsCountedBeforeAnyFilterSeesIt() throws {
        // `required: ["title", "url"]`: a layout that lost its titles fails the guard, even
        // with a `keep` on the title that would match nothing.
        let source = try Fixture.source(
            #"{"id": "posts", "preset": "article-list", "url": "\#(Self.publish)", "fields": {"title": "h2"}, "keep": {"title": "Goals"}}"#
        )
        let result = try PageScraper(source: source).scrape(
            Fixture.page(Self.publish, from: URL(string: "https://edgsgroi.github.io/")!))
        #expect(result.missingRequired == 4)
        #expect(result.filteredOut == 0)
        #expect(throws: ScrapeError.self) { try ScrapeGuard(source: source).check(result, previous: nil) }
    }

    static let file = URL(fileURLWithPath: "/srv/trawl/trawl.json")

    static func problems(_ filters: String) -> [String] {
        let json = """
            {"sources": [{"id": "blog", "kind": "list", "url": "https://e.org/", "items": "li",
                          "fields": {"title": "a", "tags": {"css": ".tag", "many": true}}\(filters)}]}
            """
        do {
            _ = try ConfigurationLoader.load(Data(json.utf8), file: file)
            return []
        } catch let error as ConfigurationError {
            return error.problems.map { "\($0.location) \($0.description)" }
        } catch {
            return ["\(error)"]
        }
    }

    @Test(arguments: [
        (
            #", "keep": {"title": "(?i)\\bswift("}"#,
            "sources[0].keep.title: '(?i)\\bswift(' is not a valid regular expression: expected ')'"
        ),
        (
            #", "drop": {"tags": "[sponsored"}"#,
            "sources[0].drop.tags: '[sponsored' is not a valid regular expression: expected ']'"
        ),
        (
            #", "keep": {"tilte": "swift"}"#,
            "sources[0].keep.tilte: 'tilte' is not one of the source's fields (did you mean 'title'?);"
                + " its fields: title, tags, url, date, summary, id"
        ),
        (#", "drop": {"tags": 3}"#, "sources[0].drop.tags: expected a string, found a number"),
        (#", "keep": ["title"]"#, "sources[0].keep: expected an object, found a list"),
    ])
    func aBadFilterIsAConfigurationErrorNamingTheSourceTheKeyAndThePosition(filters: String, message: String) throws {
        let problems = Self.problems(filters)
        #expect(problems.count == 1)
        // Where: the line and column of the value in the file, and its JSON path.
        let problem = try #require(problems.first)
        #expect(problem.hasPrefix(":2:"), "\(problem)")
        #expect(problem.hasSuffix(message), "\(problem)")
    }

    @Test func filtersEnterTheFingerprintOnlyWhenSet() throws {
        let plain = try Fixture.source(#"{"id": "posts", "preset": "article-list", "url": "\#(Self.publish)"}"#)
        var filtered = plain
        filtered.keep = [try FieldPattern(field: "title", pattern: "Goals")]
        #expect(filtered.fingerprint != plain.fingerprint)
        var dropping = plain
        dropping.drop = [try FieldPattern(field: "title", pattern: "Goals")]
        #expect(dropping.fingerprint != plain.fingerprint && dropping.fingerprint != filtered.fingerprint)
        // A source with no filter keeps the key it had before filters were taken.
        var key = CanonicalKey()
        key.add("idField", "url")
        #expect(CanonicalKey(of: plain).encoding.contains(key.encoding))
        #expect(!CanonicalKey(of: plain).encoding.contains("keep"))
    }
}
