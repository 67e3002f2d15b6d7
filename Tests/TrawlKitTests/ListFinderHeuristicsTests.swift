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
