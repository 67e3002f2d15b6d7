import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// The presets on real saved copies of the pages they are named for (`Fixtures/real/`,
/// provenance in `Fixtures/real/PROVENANCE.md`). Every expected value below was read off
/// the page's HTML by hand, not taken from a run of the code.
@Suite struct RealPagePresetTests {
    /// One expected item: every field the preset gives.
    struct Headline: Hashable, CustomStringConvertible {
        var rank: Int
        var title: String
        var url: String

        init(_ rank: Int, _ title: String, _ url: String) {
            (self.rank, self.title, self.url) = (rank, title, url)
        }

        init?(_ item: Item) {
            guard case .int(let rank) = item[field: "rank"], case .string(let title) = item[field: "title"],
                case .url(let url) = item[field: "url"]
            else { return nil }
            self.init(rank, title, url.absoluteString)
        }

        var description: String { "\(rank). \(title) <\(url)>" }
    }

    /// The page scraped as if fetched from `address` (relative links resolve against it).
    static func scrape(_ preset: String, _ path: String, from address: String) throws -> ScrapeResult {
        let source = try Fixture.source(#"{"id": "real", "preset": "\#(preset)", "url": "real/\#(path)"}"#)
        return try PageScraper(source: source).scrape(Fixture.page("real/\(path)", from: URL(string: address)!))
    }

    // MARK: - BBC News most read

    static let news2014 = "https://www.bbc.co.uk/news/"

    @Test func bbc2014TheReadPanelAfterItsTabWithTheRankInTheLivestatsIcon() throws {
        // Three panels of one shape (Shared, Read, Video/Audio): only the one after the "Read" tab.
        let result = try Self.scrape("bbc-most-read", "bbc/2014-11-news-home.html", from: Self.news2014)
        let site = "https://www.bbc.co.uk/news/"
        #expect(
            result.items.map(Headline.init) == [
                Headline(
                    1, "Fan dies at Celtic Park after Scotland-Ireland Euro qualifier",
                    site + "uk-scotland-glasgow-west-30066472"),
                Headline(
                    2, "Philae comet lander sends more data before losing power", site + "science-environment-30058176"),
                Headline(3, "Toplessness - the one Victorian taboo that won't go away", site + "magazine-30052071"),
                Headline(4, "Stars unite for Band Aid 30 session", site + "entertainment-arts-30061576"),
                Headline(5, "Colchester Hospital declares 'major incident'", site + "uk-england-essex-30066641"),
                Headline(6, "Children in Need 2014 raises £32.6m for charities", site + "entertainment-arts-30041599"),
                Headline(
                    7, "G20: Obama warns of Asia 'intimidation' as summit begins", site + "world-australia-30066579"),
                Headline(8, "G20: David Cameron warns Russia of more Ukraine sanctions", site + "uk-30066800"),
                Headline(9, "Miliband to attack Sports Direct over zero-hours contracts", site + "uk-30066568"),
                Headline(
                    10, "#BBCTrending: Syrian 'hero boy' video faked by Norwegian director",
                    site + "blogs-trending-30057401"),
            ])
        #expect(result.warnings.isEmpty)
        #expect(result.missingRequired == 0)
    }

    @Test func bbc2015TheReadListOfTheMostPopularTabs() throws {
        // readability's copy of a 2015 BBC News story, read from the shared test data.
        guard let pages = try SharedTestData.folder("pages") else { return }
        let source = try Fixture.source(
            #"{"id": "real", "preset": "bbc-most-read", "url": "\#(pages.appendingPathComponent("bbc-1.html").path)"}"#)
        let page = FetchedPage(
            requestedURL: URL(string: "https://www.bbc.com/news/technology-33228149")!,
            url: URL(string: "https://www.bbc.com/news/technology-33228149")!,
            body: try Data(contentsOf: pages.appendingPathComponent("bbc-1.html")))
        let result = try PageScraper(source: source).scrape(page)
        let site = "https://www.bbc.com/news/"
        // The Watched list beside it has the same shape and must not be read.
        #expect(
            result.items.map(Headline.init) == [
                Headline(1, "Jeep hack prompts 1.4m car recall", site + "technology-33650491"),
                Headline(2, "Four-legged snake fossil discovered", site + "science-environment-33621491"),
                Headline(3, "US military wary of civilian guards", site + "world-us-canada-33655502"),
                Headline(4, "US students go to Germany for free college", site + "magazine-32821678"),
                Headline(5, "Obama: Gun laws my big frustration", site + "world-us-canada-33646704"),
                Headline(6, "Apple stops Nest sales in the US", site + "technology-33655417"),
                Headline(7, "Turkey vows to follow up IS strikes", site + "world-europe-33654021"),
                Headline(8, "WWE terminates Hulk Hogan's contract", site + "world-us-canada-33657483"),
                Headline(9, "The airlift education scholarship that changed the world", site + "world-africa-33629577"),
                Headline(10, "Australian returns from IS in Syria", site + "world-australia-33647183"),
            ])
        #expect(result.warnings.isEmpty)
    }

    @Test func bbc2017AStoryPagesReadListWithAbsoluteLinks() throws {
        let result = try Self.scrape(
            "bbc-most-read", "bbc/2017-03-article.html", from: "https://www.bbc.com/news/world-middle-east-39298218")
        let site = "http://www.bbc.com/news/"
        #expect(
            result.items.map(Headline.init) == [
                Headline(1, "Republicans drop Trump healthcare bill", site + "world-us-canada-39387550"),
                Headline(2, "How disastrous for Trump is healthcare collapse?", site + "world-us-canada-39384007"),
                Headline(3, "Gloats and warnings as 'Trumpcare' falls", site + "world-us-canada-39388450"),
                Headline(4, "Are DC's girls really going missing?", site + "world-us-canada-39384008"),
                Headline(5, "Who dares to piggyback on Kim Jong-un?", site + "world-asia-39361984"),
                Headline(6, "Naked people kill sheep at Auschwitz", site + "world-europe-39383988"),
                Headline(7, "The adopted girl claimed by 50 birth families", site + "magazine-37024334"),
                Headline(8, "As it happened: Coverage of London attacks", site + "live/uk-39355505"),
                Headline(9, "All-male US health bill photo sparks anger", site + "world-us-canada-39375228"),
                Headline(10, "Crash families angered by pilot's father", site + "world-europe-39379724"),
            ])
        #expect(result.warnings.isEmpty)
    }

    @Test func bbc2017TheHomepageModuleWithTheTitleInASpan() throws {
        // A three-item excerpt (a whole page of this layout was not found): rank in its own span.
        let result = try Self.scrape(
            "bbc-most-read", "bbc/2017-05-most-read-excerpt.html", from: "https://www.bbc.co.uk/news")
        let site = "https://www.bbc.co.uk/news/"
        #expect(
            result.items.map(Headline.init) == [
                Headline(1, "Madeleine questioning shocked suspect", site + "uk-39779256"),
                Headline(2, "Six on trial over topless duchess photos", site + "uk-39781013"),
                Headline(3, "PM: I'll be bloody difficult to Juncker", site + "uk-politics-39784170"),
            ])
        #expect(result.warnings.isEmpty)
    }

    @Test func bbc2025TheReactLayoutsMostReadSection() throws {
        let result = try Self.scrape("bbc-most-read", "bbc/2025-04-news-home.html", from: "https://www.bbc.com/news")
        let site = "https://www.bbc.com/news/articles/"
        #expect(
            result.items.map(Headline.init) == [
                Headline(1, "Virginia Giuffre, Prince Andrew and Jeffrey Epstein accuser, dies", site + "cql67qk0dd3o"),
                Headline(2, "Who is at Pope Francis' funeral and where are they sitting?", site + "c5y6rg6wpvgo"),
                Headline(3, "Zelensky and Trump meet before Pope's funeral", site + "ce8gpdj704mo"),
                Headline(4, "Pope Francis' funeral: A visual guide", site + "cq5w9yzy1vpo"),
                Headline(5, "Can India really stop river water from flowing into Pakistan?", site + "cd7vjyezypqo"),
                Headline(
                    6, "Border officers saw a couple behaving oddly with a baby - and uncovered a mystery",
                    site + "cdxnkwxw0w1o"),
                Headline(7, "How much has Elon Musk's Doge cut from US government spending?", site + "cn4j33klz33o"),
                Headline(
                    8, "Who will be the next pope? Key candidates in an unpredictable process", site + "ckgxk40ndk1o"),
                Headline(9, "'We have more in common with America than the rest of Canada'", site + "cgkg8r85n1eo"),
                Headline(10, "Pope Francis' funeral Mass details published in full", site + "c8rg4l4nzlno"),
            ])
        #expect(result.warnings.isEmpty)
    }

    @Test func bbc2017AHomePageWhoseListIsLoadedByJavaScriptHasNoItemsAndSaysWhy() throws {
        let result = try Self.scrape(
            "bbc-most-read", "bbc/2017-03-news-home-javascript.html", from: "https://www.bbc.co.uk/news")
        #expect(result.items.isEmpty)
        let source = try Fixture.source(
            #"{"id": "bbc", "preset": "bbc-most-read", "url": "real/bbc/2017-03-news-home-javascript.html"}"#)
        #expect(throws: ScrapeError.self) { try ScrapeGuard(source: source).check(result, previous: nil) }
        do {
            try ScrapeGuard(source: source).check(result, previous: nil)
        } catch {
            #expect("\(error)".contains("may be built by JavaScript"))
            #expect("\(error)".contains(#""render": "browser""#))
        }
    }

    // MARK: - Publish blogs

    struct Post: Hashable, CustomStringConvertible {
        var title: String
        var url: String
        var date: Date?
        var tags: [String]?
        var summary: String?

        init(_ title: String, _ url: String, date: String? = nil, tags: [String]? = nil, _ summary: String?) {
            (self.title, self.url, self.tags, self.summary) = (title, url, tags, summary)
            self.date = date.map(PresetTests.day)
        }

        init(_ item: Item) {
            title = item[field: "title"].map(\.text) ?? ""
            url = item.url?.absoluteString ?? ""
            if case .date(let date) = item[field: "date"] { self.date = date }
            if case .list(let tags) = item[field: "tags"] { self.tags = tags.map(\.text) }
            summary = item[field: "summary"].map(\.text)
        }

        var description: String { "\(title) <\(url)> \(date.map { "\($0)" } ?? "-") \(tags ?? []) \(summary ?? "-")" }
    }

    @Test func publishsFoundationThemeGivesTitlesLinksTagsAndSummaries() throws {
        let result = try Self.scrape(
            "article-list", "publish/edgsgroi-2020-11-index.html", from: "https://edgsgroi.github.io/")
        let site = "https://edgsgroi.github.io/myprojects/"
        #expect(
            result.items.map(Post.init) == [
                Post(
                    "Projeta", site + "projeta", tags: ["App", "iOS", "Project"],
                    "Projeta is an application for those looking to advertise or join academic projects throughout Brazil."
                ),
                Post(
                    "Blink! - Brainstorming", site + "blink", tags: ["App", "iOS", "tvOS", "Project", "SwiftUI"],
                    "A SwiftUI app made for brainstorming using an Apple TV and multiple iPhones."),
                Post(
                    "Formworks", site + "formworks", tags: ["Framework", "iOS", "Project"],
                    "Formworks is a framework for building forms from JSON files."),
                Post(
                    "Goals", site + "goals", tags: ["App", "iOS", "Project"],
                    "Create objectives, set goals and track your progress with Goals app."),
            ])
        #expect(result.warnings.isEmpty)
    }

    @Test func aPublishSiteWithOnePost() throws {
        let result = try Self.scrape(
            "article-list", "publish/iikeli-2022-08-index.html", from: "https://iikeli.github.io/")
        #expect(
            result.items.map(Post.init) == [
                Post(
                    "Setup a website with Publish and GitHub Pages", "https://iikeli.github.io/posts/publish-tutorial",
                    tags: ["website", "article", "tutorial"],
                    "Create and publish your personal website using GitHup Pages, Publish and Swift.")
            ])
    }

    @Test func aPublishThemeWithADateParagraphGivesDatesAndSummariesWithoutTheDate() throws {
        let result = try Self.scrape(
            "article-list", "publish/lucas1295santos-2021-05-posts.html",
            from: "https://lucas1295santos.github.io/posts")
        let site = "https://lucas1295santos.github.io/posts/"
        let posts = result.items.map(Post.init)
        #expect(posts.count == 10)
        #expect(
            Array(posts.prefix(3)) == [
                Post(
                    "Refactoring", site + "refactoring", date: "2021-05-05",
                    "Refactoring is the process of re-writing code with the intent of improving its quality without "
                        + "changing its external behavior. It is a constant effort that an engineering team has to make to "
                        + "keep or improve code quality. This post summarizes a lot of what I learned by refactoring both "
                        + "huge and tiny pieces of the iFood app."),
                Post(
                    "Quick tip #3: Equatable enums in Swift", site + "equatable-enums", date: "2021-02-23",
                    "Enumerations is one of Swift's coolest features for its versatility in representing a group of "
                        + "related values. They can become even more versatile and expressive combined with protocols such "
                        + "as Equatable. This short article shows some tricks to do so."),
                Post(
                    "Swift ranges cheat sheet", site + "swift_ranges_cheat_sheet", date: "2021-02-03",
                    "Even after some years of experience in Swift, I still find ranges a little bit tricky and have to "
                        + "take a look in the docs or make a playground to test things out, before using them at work. This "
                        + "post is a cheat sheet with examples on how to use ranges."),
            ])
        #expect(
            posts.map(\.date)
                == [
                    "2021-05-05", "2021-02-23", "2021-02-03", "2020-12-13", "2020-11-14", "2020-10-01", "2020-08-04",
                    "2020-07-07", "2020-05-24", "2020-04-20",
                ].map(PresetTests.day))
        #expect(
            posts.map(\.title) == [
                "Refactoring", "Quick tip #3: Equatable enums in Swift", "Swift ranges cheat sheet",
                "Quick tip #2: Typealias to improve readability", "Naming and code quality",
                "Writing good tests with Tests Doubles", "Improving Error Handling in your App in Swift.",
                "Testing asynchronous code", "Quick tip #1: Array copy-on-write", "This blog is written in Swift!",
            ])
        #expect(
            posts.map(\.url)
                == [
                    "refactoring", "equatable-enums", "swift_ranges_cheat_sheet", "quick-tip-2", "naming",
                    "test-doubles",
                    "improving-error-handling-in-your-app", "async-tests", "quick-tip-1", "first-post",
                ].map { site + $0 })
        #expect(posts.allSatisfy { $0.tags == nil })
        // Every summary, compared without white space: two of them break lines with `<br></br>`,
        // whose rendering as text is the white-space handling's business, not the preset's.
        let summaries = [
            "Refactoring is the process of re-writing code with the intent of improving its quality without "
                + "changing its external behavior. It is a constant effort that an engineering team has to make to "
                + "keep or improve code quality. This post summarizes a lot of what I learned by refactoring both "
                + "huge and tiny pieces of the iFood app.",
            "Enumerations is one of Swift's coolest features for its versatility in representing a group of "
                + "related values. They can become even more versatile and expressive combined with protocols such "
                + "as Equatable. This short article shows some tricks to do so.",
            "Even after some years of experience in Swift, I still find ranges a little bit tricky and have to "
                + "take a look in the docs or make a playground to test things out, before using them at work. This "
                + "post is a cheat sheet with examples on how to use ranges.",
            "Swift's type-safety is one of the language's main features, and it is extremely powerful to harness "
                + "the compiler type-check to your code. In this short article, I'll give some tips to improve "
                + "readability and clearness of intent using some typing resources available.",
            "Naming is one of the most underrated and overlooked skills that a good programmer should have, yet is "
                + "a skill that we use every day by giving names to variables, functions, services, and so on. Good "
                + "names make messy code easier to understand, and makes good code a delight to read. In this post, "
                + "I'll share some insights on how to detect bad naming, and how to improve it.",
            "Writing unit tests is one of the key responsibilities of a developer. Although writing a test is not "
                + "that hard, setting up a controlled environment where you can unit test one component might be "
                + "challenging, especially if your component is surrounded by legacy code. Setting up testing "
                + "doubles is a winner technique to tackle this problem.",
            "We want our software to be error-proof, but in reality, error scenarios will always exist. So this "
                + "article's objective is to explain why you should handle errors on your app, give you a rule of "
                + "thumb on when treating errors, and give some practical improvements you could apply on your app.",
            "When you are starting out on testing your code, you might find asynchronous methods a little bit "
                + "tricky to test. But do not worry, XCTestExpectation got you covered if you want to assert that "
                + "an async block will execute, or even assert that it will not execute.",
            "I'm on a quest to study data structures in Swift, and one really cool feature that Swift arrays "
                + "implement is copy-on-write!",
            "Recently, I discovered Publish, a static website generator that uses Swift, written by John Sundell. "
                + "The main idea is to declare all the pieces of your website like a Swift Package, and then using "
                + "Plot to generate HTML code using the type-safety of Swift, and finally using Ink to render posts "
                + "written in Markdown. (like this one!) It may sound like a lot of tools to handle, but in reality, "
                + "Publish already does most of the work for you.",
        ]
        func compact(_ text: String?) -> String? { text.map { $0.filter { !$0.isWhitespace } } }
        #expect(posts.map { compact($0.summary) } == summaries.map(compact))
        #expect(result.warnings.isEmpty)
    }
}
