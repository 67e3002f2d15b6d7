import Foundation
import Testing
import TrawlHTML

@testable import TrawlKit

/// Each tier of `init --from` on real pages outside the corpus (`Fixtures/tiers/`), with
/// what was read off them by hand.
@Suite struct ProposalTierTests {
    func candidates(_ file: String, base: String?) throws -> [ProposalCandidate] {
        let path = Fixture.url("tiers/\(file)")
        let address = base.flatMap(URL.init(string:)) ?? path
        let page = FetchedPage(requestedURL: address, url: address, body: try Data(contentsOf: path))
        return SourceProposal.candidates(
            page: page, address: base == nil ? path : address, url: address.absoluteString, id: "page",
            base: base.flatMap(URL.init(string:)))
    }

    @Test func aFeedGivenDirectlyIsProposedAsAFeedWithItsEntries() throws {
        let found = try candidates("feed-tenderlovemaking.xml", base: "http://tenderlovemaking.com/feed/")
        let feed = try #require(found.first)
        #expect(found.count == 1)
        #expect(feed.tier == .feed)
        #expect(feed.proposal.kind == .feed)
        #expect(feed.items?.count == 10)
        #expect(feed.items?.first?.title == "Nokogiri’s Slop Feature")
    }

    @Test func repeatedJSONLDEventsBecomeAJSONSourceReadingTheScripts() throws {
        let found = try candidates(
            "events-songkick-jsonld.html", base: "http://www.songkick.com/artists/236156-elysian-fields")
        let best = try #require(found.first { $0.items != nil })
        #expect(best.tier == .structuredData)
        #expect(best.proposal.kind == .json)
        #expect(best.proposal.script == "script[type='application/ld+json']")
        #expect(best.items?.count == 4)
        #expect(best.items?.first?.title == "Elysian Fields")
        #expect(
            best.items?.first?.url?.absoluteString
                == "http://www.songkick.com/concerts/30173984-elysian-fields-at-owl-music-parlor?utm_medium=organic&utm_source=microformat"
        )
    }

    @Test func microdataItemsAreProposedWithItempropSelectors() throws {
        let found = try candidates("blog-hugo-microdata-home.html", base: "https://blog.2no.me/")
        let best = try #require(found.first { $0.items != nil })
        #expect(best.tier == .microdata)
        #expect(best.proposal.items == "[itemscope][itemtype$='/Blog']")
        #expect(best.proposal.fields?.title == "[itemprop~='headline']")
        #expect(best.items?.count == 5)
        #expect(best.items?.first?.url?.absoluteString == "https://blog.2no.me/post/2016/08/kloudsec/")
    }

    @Test func hentryPostsAreProposedWithMicroformatSelectors() throws {
        let found = try candidates("blog-movabletype-hentry.html", base: "http://lastoftheromans.org/2003/01/")
        let best = try #require(found.first { $0.items != nil })
        #expect(best.tier == .microformats)
        #expect(best.proposal.items == ".hentry")
        #expect(best.items?.count == 24)
        #expect(best.items?.first?.title == "a few lines sum up my feelings")
        #expect(
            best.items?.first?.url?.absoluteString
                == "http://lastoftheromans.org/2003/01/a-few-lines-sum-up-my-feelings.html")
    }

    @Test func theFeedsAPageLinksComeBeforeItsOwnListsAndItsJSONAlternateIsNoFeed() throws {
        let found = try candidates("wordpress-home.html", base: "https://abrarfahadarchive.github.io/")
        let feeds = found.filter { $0.tier == .linkedFeed }.map(\.proposal.url)
        #expect(
            feeds == [
                "https://abrarfahadarchive.github.io/feed/", "https://abrarfahadarchive.github.io/comments/feed/",
            ])
        #expect(found.first?.tier == .linkedFeed)
    }

    @Test func aWordPressPageProposesItsRESTAPIsPosts() throws {
        let found = try candidates("wordpress-home.html", base: "https://abrarfahadarchive.github.io/")
        let api = try #require(found.first { $0.tier == .wordpressAPI })
        #expect(api.proposal.url == "https://abrarfahadarchive.github.io/wp-json/wp/v2/posts")
        #expect(api.proposal.jsonFields?.title == "$.title.rendered")
        #expect(api.proposal.jsonFields?.url == "$.link")
        #expect(api.items == nil)
    }

    @Test func aSavedPageWithoutABaseProposesNoFileFeedAndNoFileAPI() throws {
        let found = try candidates("wordpress-home.html", base: nil)
        #expect(!found.contains { $0.tier == .linkedFeed || $0.tier == .wordpressAPI })
    }

    @Test func aTypelessAlternateNamedAsAFeedIsAFeedAndOtherAlternatesAreNot() {
        let document = Document.parseHTML(
            Data(
                """
                <link rel="alternate" title="Site Atom" href="/atom.xml">
                <link rel="alternate" hreflang="de" href="/de/">
                <link rel="alternate" type="application/json" href="/wp-json/wp/v2/pages/2">
                """.utf8), url: URL(string: "https://example.org/")!)
        #expect(LinkedFeedTier.feeds(in: document).map(\.absoluteString) == ["https://example.org/atom.xml"])
    }
}
