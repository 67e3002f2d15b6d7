import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// How `init --from` ranks rival lists on real pages outside the corpus: Mozilla
/// readability's test pages (`../shared/testdata/pages/`, read by path), with the lists read
/// off each page by hand.
@Suite struct ListFinderRankingTests {
    func bestList(page file: String, base: String) throws -> [Item]? {
        guard let pages = try SharedTestData.folder("pages") else { return nil }
        let address = try #require(URL(string: base))
        let body = try Data(contentsOf: pages.appendingPathComponent(file))
        let page = FetchedPage(requestedURL: address, url: address, body: body)
        let candidates = SourceProposal.candidates(
            page: page, address: address, url: base, id: "page", base: address, includeRemote: false)
        return try #require(candidates.first).items ?? []
    }

    /// Salon's article page holds a partner's box of five BuzzFeed headlines, each opened in
    /// a new window; it outranked Salon's own 34 related stories until another site's box
    /// counted as that site's list.
    @Test func anotherSitesHeadlinesInABoxAreNotThePagesList() throws {
        guard
            let items = try bestList(
                page: "salon-1.html",
                base:
                    "http://www.salon.com/2015/02/01/the_sharing_economy_is_a_lie_uber_ayn_rand_and_the_truth_about_tech_and_libertarians/"
            )
        else { return }
        #expect(items.count == 34)
        #expect(
            items.prefix(3).map(\.title) == [
                "Ashley Judd pressing charges against misogynist trolls who threatened her over sports",
                "Welcome to \"Libertarian Island\": How these One Percenters are creating a dystopian nightmare",
                "Facebook still won't free the nipple -- but it's cracking down on revenge porn",
            ])
        #expect(
            items.first?.url?.absoluteString
                == "http://www.salon.com/2015/03/17/ashley_judd_pressing_charges_against_misogynist_trolls_who_threatened_her_over_sports/"
        )
    }

    /// A PIXNET blog post's page boxes its 20 most read posts (each with its count) and its 15
    /// newest, headed 最新文章 in a box whose id is `recent-article`: the newest are what a
    /// person watches, though the most read box is the larger.
    @Test func theListItsAuthorCallsTheNewestIsTheOneProposed() throws {
        guard let items = try bestList(page: "pixnet.html", base: "http://stevenhgm.pixnet.net/blog/post/39926056")
        else { return }
        #expect(items.count == 15)
        #expect(items.prefix(3).map(\.title) == ["得恩亞納部落", "太平山翠峰湖_避暑觀星 (2016/07/30)", "麻新 SC-1000 智慧型充電器"])
        #expect(
            items.prefix(3).map { $0.url?.absoluteString ?? "" } == [
                "http://stevenhgm.pixnet.net/blog/post/44340778", "http://stevenhgm.pixnet.net/blog/post/44075977",
                "http://stevenhgm.pixnet.net/blog/post/44000701",
            ])
    }

    /// A news portal of December 2013 (saved by another project; the corpus holds a later
    /// page of the same site) stacks four boxes, each an unlinked `<h4>` over a list of
    /// headlines: "THE LATEST" (13), "MORE TOP STORIES" (15), "OPINION", "IN CASE YOU MISSED
    /// IT". The boxes read as a list whose titles are their headings, and each box's list was
    /// dropped as its detail, leaving a sports box at the page's foot first; now the boxes are
    /// labels, and the one headed the latest comes first.
    @Test func aBoxWhoseHeadingHasNoLinkLabelsTheListInsideIt() throws {
        let base = try #require(URL(string: "http://edition.cnn.com/"))
        let body = try Data(contentsOf: Fixture.url("proposals-extra/news-portal-boxes-2013.html"))
        let page = FetchedPage(requestedURL: base, url: base, body: body)
        let candidates = SourceProposal.candidates(
            page: page, address: base, url: base.absoluteString, id: "portal", base: base, includeRemote: false)
        let items = try #require(candidates.first).items ?? []
        #expect(items.count == 13)
        #expect(
            items.prefix(3).map(\.title) == [
                "NASA: Space station pump fails", "Meteor explodes over Arizona", "Dash cam catches fireball in sky",
            ])
        #expect(
            items.first?.url?.absoluteString
                == "http://edition.cnn.com/2013/12/11/us/international-space-station-cooling-problem/index.html?hpt=hp_t2"
        )
        // The next box, "MORE TOP STORIES", is offered too, not dropped as a box's detail.
        #expect(
            candidates.contains {
                $0.items?.count == 15 && $0.items?.first?.title == "U.S. to start transporting Burundi troops"
            })
    }

    @Test(arguments: [
        ("www.bbc.com", "bbc"), ("www.bbc.co.uk", "bbc"), ("money.cnn.com", "cnn"), ("www.buzzfeed.com", "buzzfeed"),
        ("feedproxy.google.com", "google"), ("localhost", "localhost"),
    ])
    func aSiteIsNamedWithoutItsSuffix(host: String, site: String) {
        #expect(ListFinder.siteName(host) == site)
    }

}
