import Foundation
import TestSupport
import Testing

@testable import TrawlArticle

/// The extractor on real saved pages: what it reads off an article, and that a front page
/// or an index gives no article but a note. Expected values were read off the files by hand.
@Suite struct ArticleExtractorTests {
    static let realPages = SharedTestData.packageRoot.appendingPathComponent("Tests/TrawlKitTests/Fixtures/real")

    static func extract(_ path: String, url: String = "http://www.bbc.com/news/page") throws -> ArticleExtraction {
        let data = try Data(contentsOf: realPages.appendingPathComponent(path))
        return ArticleExtractor.extract(data, url: URL(string: url))
    }

    @Test func aNewsStoryGivesItsTextAndTheDetailsItsMetadataStates() throws {
        let extraction = try Self.extract("bbc/2017-03-article.html")
        let article = try #require(extraction.article)
        // JSON-LD's headline, not og:title's "… - BBC News".
        #expect(article.title == "Egypt Pharaoh statue 'not Ramses II but different ruler'")
        #expect(article.published == "2017-03-16T21:07:02+00:00")
        #expect(article.siteName == "BBC News")
        #expect(article.lang == "en")
        #expect(
            article.excerpt == "The statue pulled from the mud in Cairo may in fact be Psamtek I, a more recent ruler.")
        #expect(article.image?.hasPrefix("http://ichef.bbci.co.uk/news/1024/cpsprodpb/814A/") == true)
        // article:author is a Facebook address, not a name.
        #expect(article.byline == nil)
        #expect(
            article.text.contains(
                "An ancient statue which was pulled from the mud in Cairo is not the Pharaoh Ramses II"))
        #expect(article.text.contains("But one of Psamtek's five names was found engraved on the huge statue."))
        #expect(!article.text.contains("Most Read"))
        #expect(!article.html.contains("<script"))
        #expect(extraction.notes.isEmpty)
    }

    @Test(arguments: [
        "bbc/2014-11-news-home.html", "bbc/2017-03-news-home-javascript.html", "bbc/2025-04-news-home.html",
        "publish/edgsgroi-2020-11-index.html", "publish/lucas1295santos-2021-05-posts.html",
    ])
    func aFrontPageOrAnIndexGivesNoArticleButANote(path: String) throws {
        let extraction = try Self.extract(path)
        #expect(extraction.article == nil)
        #expect(extraction.notes.contains { $0.hasPrefix("no article: ") }, "\(extraction.notes)")
    }

    @Test func anErrorPageGivesNoArticleButSaysItIsOne() throws {
        let page = SharedTestData.packageRoot.appendingPathComponent(
            "Tests/TrawlArticleTests/Fixtures/terra-toolkit-404.html")
        let extraction = ArticleExtractor.extract(try Data(contentsOf: page))
        #expect(extraction.article == nil)
        #expect(extraction.notes == ["no article: the page's title says it is an error page"])
    }

    @Test func theCorpusPagesMetadataIsReadFromMetaTagsAndJSONLD() throws {
        guard let pages = try SharedTestData.folder("pages") else { return }
        let data = try Data(contentsOf: pages.appendingPathComponent("ars-1.html"))
        let article = try #require(
            ArticleExtractor.extract(data, url: URL(string: "http://fakehost/test/page.html")).article)
        // As in readability's expected-metadata.json for the page, read there by hand.
        #expect(article.title == "Just-released Minecraft exploit makes it easy to crash game servers")
        #expect(article.byline == "Dan Goodin")
        #expect(article.siteName == "Ars Technica")
        #expect(article.lang == "en-us")
        #expect(article.excerpt == "Two-year-old bug exposes thousands of servers to crippling attack.")
        #expect(
            article.text.hasPrefix("A flaw in the wildly popular online game Minecraft")
                || article.text.contains("A flaw in the wildly popular online game Minecraft"))
    }

    @Test func metadataPrefersDublinCoreThenOpenGraphThenPlainNames() throws {
        guard let pages = try SharedTestData.folder("pages") else { return }
        for (name, title, byline, excerpt) in [
            (
                "003-metadata-preferred", "Dublin Core property title", "Dublin Core property author",
                "Dublin Core property description"
            ),
            ("004-metadata-space-separated-properties", "Preferred title", "Creator Name", "Preferred description"),
        ] {
            let data = try Data(contentsOf: pages.appendingPathComponent("\(name).html"))
            let article = try #require(ArticleExtractor.extract(data).article, "\(name)")
            #expect(article.title == title)
            #expect(article.byline == byline)
            #expect(article.excerpt == excerpt)
        }
    }
}
