import Foundation
import TestSupport
import Testing
import TrawlHTML

@testable import TrawlKit

/// `init --from`'s script-state tier on real saved pages nobody here wrote: what it proposes
/// is written as a `json` source, run on the page, and checked against what was read off the
/// page by hand. Medium's article pages (Mozilla readability's test pages, read by path from
/// `../shared/testdata/pages`) assign Apollo's normalized cache, `window.__APOLLO_STATE__ =
/// {"Post:…": {"__typename": "Post", …}, …}`, inside a CDATA section: its posts are the
/// article and those under "More From Medium", in the order the page shows them.
@Suite struct AppStateRealPageTests {
    let directory: TemporaryDirectory
    var configuration: URL { directory.file("trawl.json") }

    init() throws {
        directory = try TemporaryDirectory("app-state")
    }

    /// Proposes a source for the page (`--list`: only what the page itself holds), writes it
    /// and scrapes the page with what was written.
    func written(_ page: URL, base: String) async throws -> (SourceConfiguration, ScrapeResult) {
        let capture = CapturingConsole()
        let status = await CommandLineTool.main(
            ["init", "--from", page.path, "--list", "--base", base, "--write", "--config", configuration.path],
            console: capture.console)
        #expect(status == .success, "\(capture.errors)")
        #expect(capture.output.contains("the page's script state"))
        let source = try #require(try ConfigurationLoader.load(from: configuration).sources.last)
        let fetched = FetchedPage(requestedURL: source.url, url: source.url, body: try Data(contentsOf: source.url))
        return (source, try PageScraper(source: source).scrape(fetched))
    }

    @Test func aMediumArticleGivesItsPostsFromTheApolloCache() async throws {
        guard let pages = try SharedTestData.folder("pages") else { return }
        let (source, result) = try await written(
            pages.appendingPathComponent("medium-3.html"), base: "https://medium.com/")
        #expect(source.kind == .json)
        #expect(source.script == "script:contains('window.__APOLLO_STATE__')")
        #expect(source.items == "$[?@.__typename == 'Post']")
        #expect(try String(contentsOf: configuration, encoding: .utf8).contains(#""json": "$.mediumUrl""#))
        #expect(result.warnings.isEmpty)
        #expect(
            result.items.map(\.title) == [
                "Samantha and The Great Big Lie", "The Pinterest Paradox: Cupcakes and Toxicity",
                "Your Life Is Full of Porn. Stop Getting Yourself Off.", "Mourning my baby brother, Fahim",
                "I’m A Sugar Baby-& This Is How Much I Get Paid To Date",
                "Can Kamala Harris and Joe Biden Defeat Trump?",
                "The Best Data Science Certification You’ve Never Heard Of",
                "TypeScript 4.0 finally delivers what I’ve been waiting for", "America and the Axis of Idiots",
            ])
        #expect(
            result.items.map { $0.url?.absoluteString ?? "" }.prefix(3) == [
                "https://medium.com/@johncwelch/samantha-and-the-great-big-lie-d146a92473a1",
                "https://medium.com/@francoise_93266/the-pinterest-paradox-cupcakes-and-toxicity-57ed6bd76960",
                "https://medium.com/the-ascent/your-life-is-full-of-porn-stop-getting-yourself-off-c16cc0b092f1",
            ])
        #expect(result.items.last?.url?.absoluteString == "https://eand.co/america-and-the-axis-of-idiots-25a86ed4a421")
    }

    @Test func anotherMediumArticleGivesItsFourPosts() async throws {
        guard let pages = try SharedTestData.folder("pages") else { return }
        let (source, result) = try await written(
            pages.appendingPathComponent("lazy-image-1.html"), base: "https://medium.com/")
        #expect(source.items == "$[?@.__typename == 'Post']")
        #expect(
            result.items.map(\.title) == [
                "Node.js and CPU profiling on production (in real-time without downtime)",
                "WebSockets on production with Node.js", "A successful Voodoo.io NodeJS meetup on 13th November!",
                "Request Id Tracing in Node.js Applications",
            ])
        #expect(
            result.items.map { $0.url?.absoluteString ?? "" } == [
                "https://medium.com/voodoo-engineering/node-js-and-cpu-profiling-on-production-in-real-time-without-downtime-d6e62af173e2",
                "https://medium.com/voodoo-engineering/websockets-on-production-with-node-js-bdc82d07bb9f",
                "https://medium.com/voodoo-engineering/a-successful-voodoo-io-nodejs-meetup-on-13th-november-19b66e22711e",
                "https://itnext.io/request-id-tracing-in-node-js-applications-c517c7dab62d",
            ])
    }

    /// Fox News's article page (`Fixtures/json/PROVENANCE.md`) assigns Nuxt's state as data,
    /// `window.__NUXT__={"layout":…,"state":{…}}`: its list is the seven stories under "On Our
    /// Radar", as the page shows them, the last on another site.
    @Test func aNuxtPageGivesTheStoriesItShowsUnderOnOurRadar() async throws {
        let (source, result) = try await written(
            Fixture.url("json/pages/foxnews-van-der-beek.html"), base: "https://www.foxnews.com/")
        #expect(source.script == "script:contains('window.__NUXT__')")
        #expect(source.items == "$.state.Layouts.articleLayout.rightRail[2].props.articles[*]")
        #expect(result.warnings.isEmpty)
        #expect(
            result.items.map(\.title) == [
                "Gronk's SI girlfriend tells all", "'Bach' SHOCKING sex confession",
                "Arnold's love child recreates iconic pic", "Elizabeth Hurley doesn't age",
                "Serious allegation against Markle", "'Dukes' star: I 'didn't see it coming'",
                "How Elvis bombed at Opry",
            ])
        #expect(
            result.items.map { $0.url?.absoluteString ?? "" }.prefix(3) == [
                "https://www.foxnews.com/entertainment/model-camille-kostek-gets-candid-rob-gronkowski",
                "https://www.foxnews.com/entertainment/the-bachelorette-hannah-b-pete-windmill-sex-elimination",
                "https://www.foxnews.com/entertainment/arnold-schwarzenegger-joseph-baena-birthday-gym",
            ])
        #expect(result.items.last?.url?.absoluteString == "http://tasteofcountry.com/elvis-presley-grand-ole-opry/")
    }

    /// Wday.ru's article page (`Fixtures/json/PROVENANCE.md`) assigns Redux's state,
    /// `window.__INITIAL_STATE__={…}`: the 13 stories under "Материалы по теме", whose links
    /// the state gives from the site's root (`/dom-eda/…`), resolved against the page.
    @Test func aReduxPageGivesItsRelatedStoriesWithLinksResolvedAgainstThePage() async throws {
        let address =
            "http://www.wday.ru/articles/mastera-vkusa-i-krasotyi-23-samyih-krutyih-fudblogera-po-versii-wday-ru-id119898"
        let (source, result) = try await written(Fixture.url("json/pages/wday-food-bloggers.html"), base: address)
        #expect(source.script == "script:contains('window.__INITIAL_STATE__')")
        #expect(source.items == "$.ArticlesPage.Articles.articles[0].relatedEntities[*]")
        #expect(result.items.count == 13)
        #expect(
            result.items.prefix(3).map(\.title) == [
                "Кондитер Бадди Валастро: «Храм Василия Блаженного кажется съедобным»",
                "Съешь меня! Повар рисует портреты знаменитостей на пиццах",
                "Королевский повар: Кейт Миддлтон то пьет смузи, то ест десерты",
            ])
        #expect(
            result.items.prefix(3).map { $0.url?.absoluteString ?? "" } == [
                "http://www.wday.ru/dom-eda/novosty/konditer-baddi-valastro-hram-vasiliya-blajennogo-kajetsya-syedobnyim/",
                "http://www.wday.ru/dom-eda/novosty/povar-risuet-portretyi-znamenitostey-na-pitstsah/",
                "http://www.wday.ru/krasota-zdorovie/novosty/korolevskiy-povar-rassekretil-strojayshuyu-dietu-keyt-middlton/",
            ])
        // Two spaces in the state as in the page's HTML, which a browser shows as one: a
        // `json` source keeps a string as written.
        #expect(result.items.last?.title == "7 самых знаменитых кулинаров  и их рецепты")
        #expect(
            result.items.last?.url?.absoluteString
                == "http://www.wday.ru/dom-eda/soh/vsemirnyiy-den-povara-7-samyih-znamenityih-kulinarov/")
    }

    /// Quanta's Apollo cache holds 20 `MenuItem`s with a title and a link, and tags: its
    /// menus and taxonomy, no list of content, so the tier proposes nothing. 90min's
    /// `__PRELOADED_STATE__` holds four `relatedTopics` pages; the New York Times's
    /// `window.__preloadedData` 12 `ImageRendition`s, each a name and a `.jpg`, and on another
    /// article four `LegacyCollection`s, its sections (`Fixtures/json/PROVENANCE.md`).
    @Test func menusTopicsAndImagesInTheStateAreNoList() throws {
        if let pages = try SharedTestData.folder("pages") {
            let quanta = try Document.parseHTML(Data(contentsOf: pages.appendingPathComponent("quanta-1.html")))
            #expect(
                AppStateTier.states(in: quanta).map(\.script).contains("script:contains('window.__APOLLO_STATE__')"))
            #expect(AppStateTier.candidates(in: quanta).isEmpty)
        }
        let table = try Document.parseHTML(Data(contentsOf: Fixture.url("json/pages/90min-bundesliga-table.html")))
        #expect(AppStateTier.states(in: table).map(\.script).contains("script:contains('window.__PRELOADED_STATE__')"))
        #expect(AppStateTier.candidates(in: table).isEmpty)
        let times = try Document.parseHTML(Data(contentsOf: Fixture.url("json/pages/nytimes-blackouts.html")))
        #expect(AppStateTier.states(in: times).map(\.script).contains("script:contains('window.__preloadedData')"))
        #expect(AppStateTier.candidates(in: times).isEmpty)
        let sections = try Document.parseHTML(Data(contentsOf: Fixture.url("json/pages/nytimes-trade-war.html")))
        #expect(AppStateTier.candidates(in: sections).isEmpty)
    }
}
