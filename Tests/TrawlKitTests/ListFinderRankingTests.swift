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

    @Test(arguments: [
        ("www.bbc.com", "bbc"), ("www.bbc.co.uk", "bbc"), ("money.cnn.com", "cnn"), ("www.buzzfeed.com", "buzzfeed"),
        ("feedproxy.google.com", "google"), ("localhost", "localhost"),
    ])
    func aSiteIsNamedWithoutItsSuffix(host: String, site: String) {
        #expect(ListFinder.siteName(host) == site)
    }

}
