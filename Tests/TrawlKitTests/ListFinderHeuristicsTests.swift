import Foundation
import Testing

@testable import TrawlKit

/// The structural heuristics of `init --from` on a real page outside the corpus, and the
/// rules for what reads as a title.
@Suite struct ListFinderHeuristicsTests {
    @Test func aStoryRowBesideItsSubtextAndSpacerRowsIsTheItemAndItsLinkTheTitle() throws {
        let document = try Fixture.document("proposals-extra/aggregator-hn-2020.html")
        let best = try #require(ListFinder(document: document).candidates().first)
        #expect(best.items.hasSuffix("tr.athing"))
        #expect(best.members.count == 30)
        let fields = try #require(FieldFinder(members: best.members).propose())
        let titles = best.members.prefix(3).compactMap { try? $0.select(fields.title).first?.text }
        #expect(
            titles == [
                "GitHub Super Linter: one linter to rule them all", "Lightweight Alternatives to Google Analytics",
                "The Coming Chip Wars",
            ])
    }

    @Test func rowsUnderAHeaderRowAreProposedAsATableWithTheTitleColumnByItsLabel() throws {
        let file = Fixture.url("proposals-extra/table-movies-jqm.html")
        let base = try #require(URL(string: "https://demos.jquerymobile.com/table-column-toggle-options/"))
        let page = FetchedPage(requestedURL: base, url: base, body: try Data(contentsOf: file))
        let candidates = SourceProposal.candidates(
            page: page, address: base, url: base.absoluteString, id: "movies", base: base, includeRemote: false)
        let best = try #require(candidates.first)
        #expect(best.proposal.kind == .table)
        #expect(best.proposal.table?.titleColumn == "Movie Title")
        #expect(best.proposal.table?.header.contains("Year") == true)
        let items = best.items ?? []
        #expect(items.count == 10)
        // The rank (a th without a link) is not the title: the first cell with a link is.
        #expect(items.prefix(3).map(\.title) == ["Citizen Kane", "Casablanca", "The Godfather"])
        #expect(items.first?.url?.absoluteString == "https://en.wikipedia.org/wiki/Citizen_Kane")
    }

    @Test(arguments: [
        (
            "profile-github-jonashaag.html", "jonashaag", ["bjoern", "klaus", "mamba"],
            [
                "https://github.com/jonashaag/bjoern", "https://github.com/jonashaag/klaus",
                "https://github.com/mamba-org/mamba",
            ]
        ),
        (
            "profile-github-siboehm.html", "siboehm", ["lleaves", "Conditional_Density_Estimation", "chemCPA"],
            [
                "https://github.com/siboehm/lleaves",
                "https://github.com/freelunchtheorem/Conditional_Density_Estimation",
                "https://github.com/theislab/chemCPA",
            ]
        ),
    ])
    func menusInsideAClosedDetailsAreNotTheListThePageShows(
        file: String, user: String, titles: [String], urls: [String]
    )
        throws
    {
        let base = try #require(URL(string: "https://github.com/\(user)"))
        let body = try Data(contentsOf: Fixture.url("proposals-extra/\(file)"))
        let page = FetchedPage(requestedURL: base, url: base, body: body)
        let candidates = SourceProposal.candidates(
            page: page, address: base, url: base.absoluteString, id: user, base: base, includeRemote: false)
        let items = try #require(candidates.first).items ?? []
        // The six pinned repositories, not the contribution years' menu nor the activity's
        // folded lists: those stand in closed `<details>` until a reader opens them.
        #expect(items.count == 6)
        #expect(items.prefix(3).map(\.title) == titles)
        #expect(items.prefix(3).map { $0.url?.absoluteString ?? "" } == urls)
    }

    @Test(arguments: [
        ("bullet12", "bullet"), ("c_hpbullet1", "c_hpbullet"), ("post", "post"), ("h2", "h"), ("2024", "2024"),
    ])
    func aClassThatCountsItsElementIsOneShape(name: String, stem: String) {
        #expect(ListFinder.unnumbered(name) == stem)
    }

    @Test(arguments: [
        ("两岸经贸合作与发展论坛：应加快两岸服务业合作步伐", 11), ("The Coming Chip Wars", 4), ("News", 1),
    ])
    func titlesWrittenWithoutSpacesCountWordsByCharacters(text: String, words: Int) {
        #expect(ListFinder.wordCount(text) == words)
    }

    @Test(arguments: [
        ("Posted on September 3, 2019 at 6:09 AM", true), ("March 2024", true), ("3 hours ago", true),
        ("2019-09-03", true), ("Mon 12", true), ("The Day After", false), ("Lightweight Alternatives", false),
    ])
    func dateLikeTextIsToldFromNames(text: String, isDate: Bool) {
        #expect(DateLikeText.isDate(text) == isDate)
    }

    @Test(arguments: [
        ("Continue reading →", false), ("Read more", false), ("12 comments", false), ("Skip to content", false),
        ("2", false), ("Back to the Future review", true), ("The Coming Chip Wars", true),
        ("https://www.jagonews24.com/law-courts/news/615305", false), ("www.example.org", false),
    ])
    func linkWordsAndNumbersAreNoHeadlines(text: String, isHeadline: Bool) {
        #expect(ItemTitle.isHeadline(text) == isHeadline)
    }

    @Test(arguments: [
        ("site-nav", ["site", "nav"]), ("mainMenu", ["main", "menu"]),
        ("footer_widgets x", ["footer", "widgets", "x"]),
    ])
    func classAndIDWordsSplitAsTheirAuthorWroteThem(names: String, words: [String]) {
        #expect(NameWords.split(names) == words)
    }
}
