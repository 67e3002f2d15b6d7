import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// `trawl init --from` on real saved pages: with no selector given, it finds the article
/// list of Publish sites and the most-read list of three BBC News layouts, proposes a
/// source that scrapes them right, and writes it into trawl.json on request.
@Suite struct InitFromTests {
    let directory: TemporaryDirectory
    var configuration: URL { directory.file("trawl.json") }

    init() throws {
        directory = try TemporaryDirectory("init-from")
    }

    func trawl(_ arguments: [String]) async -> (TrawlKit.ExitStatus, CapturingConsole) {
        let capture = CapturingConsole()
        let status = await CommandLineTool.main(arguments, console: capture.console)
        return (status, capture)
    }

    /// Proposes and writes a source for the fixture, then scrapes the page with what was written.
    func written(_ fixture: String, _ extra: [String] = []) async throws -> (SourceConfiguration, ScrapeResult) {
        let (status, capture) = await trawl(
            ["init", "--from", Fixture.url(fixture).path, "--write", "--config", configuration.path] + extra)
        #expect(status == .success, "\(capture.errors)")
        let loaded = try ConfigurationLoader.load(from: configuration)
        let source = try #require(loaded.sources.last)
        return (source, try Fixture.scrape(source))
    }

    @Test func bbc2017TheMostReadListOfAStoryPageIsTheFirstProposal() async throws {
        let (source, result) = try await written("real/bbc/2017-03-article.html")
        #expect(source.kind == .list)
        #expect(source.items == "ul.most-popular__list.panel-read > li.most-popular-list-item")
        #expect(
            result.items.map(\.title) == [
                "Republicans drop Trump healthcare bill", "How disastrous for Trump is healthcare collapse?",
                "Gloats and warnings as 'Trumpcare' falls", "Are DC's girls really going missing?",
                "Who dares to piggyback on Kim Jong-un?", "Naked people kill sheep at Auschwitz",
                "The adopted girl claimed by 50 birth families", "As it happened: Coverage of London attacks",
                "All-male US health bill photo sparks anger", "Crash families angered by pilot's father",
            ])
        #expect(result.items.first?.url?.absoluteString == "http://www.bbc.com/news/world-us-canada-39387550")
        #expect(result.items.last?.url?.absoluteString == "http://www.bbc.com/news/world-europe-39379724")
    }

    @Test func bbc2025TheMostReadSectionOfTheNextJSStateIsTheFirstProposal() async throws {
        let (source, result) = try await written(
            "real/bbc/2025-04-news-home.html", ["--id", "bbc", "--base", "https://www.bbc.com/"])
        #expect(source.id == "bbc")
        #expect(source.base?.absoluteString == "https://www.bbc.com/")
        // The page's __NEXT_DATA__ holds the most-read list itself; the cards that show it come next.
        #expect(source.kind == .json)
        #expect(source.script == "script#__NEXT_DATA__")
        #expect(result.items.count == 10)
        #expect(result.items.first?.title == "Virginia Giuffre, Prince Andrew and Jeffrey Epstein accuser, dies")
        #expect(result.items.first?.url?.absoluteString == "https://www.bbc.com/news/articles/cql67qk0dd3o")
        #expect(result.items.last?.title == "Pope Francis' funeral Mass details published in full")
        #expect(result.items.last?.url?.absoluteString == "https://www.bbc.com/news/articles/c8rg4l4nzlno")
    }

    @Test func bbc2014TheReadPanelLeadsWhenListsAreAskedForInsteadOfTheFeed() async throws {
        let (status, capture) = await trawl(["init", "--from", Fixture.url("real/bbc/2014-11-news-home.html").path])
        #expect(status == .success)
        #expect(capture.output.contains("links a feed: http://feeds.bbci.co.uk/news/rss.xml"))
        #expect(capture.output.contains(#""kind": "feed""#))

        let (source, result) = try await written(
            "real/bbc/2014-11-news-home.html", ["--list", "--base", "https://www.bbc.co.uk/"])
        #expect(
            result.items.map(\.title) == [
                "Fan dies at Celtic Park after Scotland-Ireland Euro qualifier",
                "Philae comet lander sends more data before losing power",
                "Toplessness - the one Victorian taboo that won't go away", "Stars unite for Band Aid 30 session",
                "Colchester Hospital declares 'major incident'", "Children in Need 2014 raises £32.6m for charities",
                "G20: Obama warns of Asia 'intimidation' as summit begins",
                "G20: David Cameron warns Russia of more Ukraine sanctions",
                "Miliband to attack Sports Direct over zero-hours contracts",
                "#BBCTrending: Syrian 'hero boy' video faked by Norwegian director",
            ])
        #expect(
            result.items.first?.url?.absoluteString == "https://www.bbc.co.uk/news/uk-scotland-glasgow-west-30066472")
        #expect(source.field("title") != nil)
    }

    @Test func aPublishSiteGetsItsFeedOrWithListItsArticlesWithDatesAndSummaries() async throws {
        let page = Fixture.url("real/publish/lucas1295santos-2021-05-posts.html").path
        let site = "https://lucas1295santos.github.io/"
        let (status, capture) = await trawl(["init", "--from", page, "--base", site])
        #expect(status == .success)
        #expect(capture.output.contains(#""url": "https://lucas1295santos.github.io/feed.rss""#))
        // Without --base the feed's `/feed.rss` names no site: the lists are proposed instead.
        let (_, unsited) = await trawl(["init", "--from", page])
        #expect(unsited.errors.contains("the page links a feed (/feed.rss), but a saved page cannot say on which site"))
        #expect(unsited.output.contains(#""items": "ul.item-list > li""#))
        #expect(unsited.errors.contains(#"set "base" to the site's address so they resolve"#))

        let (source, result) = try await written(
            "real/publish/lucas1295santos-2021-05-posts.html", ["--list", "--base", site])
        #expect(source.items == "ul.item-list > li")
        let date = try #require(source.field("date"))
        #expect(date.format == "d MMM yyyy")
        #expect(date.strip == ["Published at: "])
        #expect(result.items.count == 10)
        #expect(result.items.first?.title == "Refactoring")
        #expect(result.items.first?.url?.absoluteString == site + "posts/refactoring")
        #expect(result.items.first?.date == PresetTests.day("2021-05-05"))
        #expect(result.items.last?.date == PresetTests.day("2020-04-20"))
        #expect(result.items[1].summary?.hasPrefix("Enumerations is one of Swift's coolest features") == true)
        #expect(result.items.allSatisfy { $0.summary?.contains("Published at") == false })
    }

    @Test func writingAddsToAnExistingConfigurationKeepingItsTextAndRefusesATakenID() async throws {
        let original = """
            {
              "site": { "title": "Mine" },
              "sources": [
                { "id": "other", "kind": "feed", "url": "https://example.org/feed.xml" }
              ]
            }

            """
        try Data(original.utf8).write(to: configuration)
        let page = Fixture.url("real/publish/edgsgroi-2020-11-index.html").path
        let arguments = [
            "init", "--from", page, "--list", "--id", "projects", "--write", "--config", configuration.path,
        ]
        let (status, _) = await trawl(arguments)
        #expect(status == .success)
        let text = try String(contentsOf: configuration, encoding: .utf8)
        #expect(text.hasPrefix(#"{"# + "\n" + #"  "site": { "title": "Mine" },"#))
        #expect(text.contains(#"{ "id": "other", "kind": "feed", "url": "https://example.org/feed.xml" },"#))
        let loaded = try ConfigurationLoader.load(from: configuration)
        #expect(loaded.sources.map(\.id) == ["other", "projects"])
        #expect(loaded.sources.last?.field("title")?.locator == .css("h1 a"))

        let (again, capture) = await trawl(arguments)
        #expect(again == .failure)
        #expect(capture.errors.contains("already has a source 'projects'"))
        #expect(try String(contentsOf: configuration, encoding: .utf8) == text)
    }

    @Test func aFeedGivenDirectlyIsProposedAsAFeedSourceNotRefusedAsAPageWithoutLists() async throws {
        let feed = Fixture.url("tiers/feed-tenderlovemaking.xml").path
        let (status, capture) = await trawl(["init", "--from", feed])
        #expect(status == .success, "\(capture.errors)")
        #expect(capture.output.contains("1. [the page is a feed] 10 entries"))
        #expect(capture.output.contains(#""kind": "feed""#))
        #expect(capture.output.contains("Nokogiri’s Slop Feature"))
    }

    @Test func theProposalsNameTheirTiersAndPickChoosesAmongThem() async throws {
        let page = Fixture.url("tiers/blog-movabletype-hentry.html").path
        let (status, capture) = await trawl(["init", "--from", page, "--base", "http://lastoftheromans.org/2003/01/"])
        #expect(status == .success, "\(capture.errors)")
        #expect(capture.output.contains("1. [a feed the page links] http://lastoftheromans.org/atom.xml"))
        #expect(
            capture.output.contains("3. [microformats] .hentry  (24 items, e.g. \"a few lines sum up my feelings\")"))
        let (_, picked) = await trawl([
            "init", "--from", page, "--base", "http://lastoftheromans.org/2003/01/", "--pick", "3",
        ])
        #expect(picked.output.contains(#""items": ".hentry""#))
    }

    @Test func replaceRewritesAnExistingSourceInPlaceKeepingTheRestOfTheFile() async throws {
        let original = """
            {
              "sources": [
                { "id": "first", "kind": "feed", "url": "https://example.org/feed.xml" },
                { "id": "romans", "kind": "feed", "url": "https://example.org/old.xml" },
                { "id": "last", "kind": "feed", "url": "https://example.org/last.xml" }
              ]
            }

            """
        try Data(original.utf8).write(to: configuration)
        let page = Fixture.url("tiers/blog-movabletype-hentry.html").path
        let (status, capture) = await trawl([
            "init", "--from", page, "--list", "--base", "http://lastoftheromans.org/2003/01/", "--replace", "romans",
            "--config", configuration.path,
        ])
        #expect(status == .success, "\(capture.errors)")
        let loaded = try ConfigurationLoader.load(from: configuration)
        #expect(loaded.sources.map(\.id) == ["first", "romans", "last"])
        #expect(loaded.sources[1].kind == .list)
        #expect(loaded.sources[1].items == ".hentry")
        let text = try String(contentsOf: configuration, encoding: .utf8)
        #expect(text.contains(#"{ "id": "first", "kind": "feed", "url": "https://example.org/feed.xml" },"#))
        #expect(!text.contains("old.xml"))

        let (missing, refused) = await trawl([
            "init", "--from", page, "--list", "--replace", "nope", "--config", configuration.path,
        ])
        #expect(missing == .failure)
        #expect(refused.errors.contains("has no source 'nope' to replace"))
    }
}
