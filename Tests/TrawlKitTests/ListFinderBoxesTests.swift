import Foundation
import Testing
import TrawlHTML

@testable import TrawlKit

/// Lists laid out across boxes, on real pages outside the corpus: one list split among like
/// boxes is joined, like boxes that are lists of their own are not, and cards that sit at
/// different depths are found by the shape inside them.
@Suite struct ListFinderBoxesTests {
    /// The candidates a joining is tried on: one per box, as `ListFinder` finds them.
    static func parts(_ selectors: [String], in document: Document) throws -> [ListFinder.Candidate] {
        try selectors.map { selector in
            ListFinder.Candidate(items: selector, members: Array(try document.select(selector)), score: 1, container: 0)
        }
    }

    @Test func aMastheadSplitIntoColumnsIsOneList() throws {
        let document = try Fixture.document("proposals-extra/article-tpm-masthead.html")
        let parts = try Self.parts(
            (1...3).map { "section.masthead div.right-column > div.span2:nth-of-type(\($0)) > dl" }, in: document)
        #expect(parts.map(\.members.count) == [3, 3, 3])
        let joined = ListFinder(document: document).joined(parts)
        let list = try #require(joined.first)
        #expect(joined.count == 1)
        #expect(list.items == "section.masthead div.right-column > div.span2 > dl")
        let names = list.members.compactMap { ItemTitle.find(in: $0)?.text.text }
        #expect(names.count == 9)
        #expect(names.prefix(4) == ["Millet Israeli", "Amanda Hale", "Derick Dirmaier", "Joe Ragazzo"])
        #expect(ItemTitle.find(in: list.members[0])?.link.attr("href") == "/profile/millet")
    }

    @Test func sidebarBoxesThatRepeatEachOthersStoriesAreAsManyLists() throws {
        let document = try Fixture.document("proposals-extra/article-lifebuzz-sidebar.html")
        // Going Viral, Featured Videos, Latest from LifeBuzz, Photo Galleries: five stories each.
        let parts = try Self.parts(
            (4...7).map {
                "aside#sidebar > div.widget.widget-internal:nth-of-type(\($0)) > div.post-listing > article"
            },
            in: document)
        #expect(parts.map(\.members.count) == [5, 5, 5, 5])
        #expect(ListFinder(document: document).joined(parts).isEmpty)
        // Nor does any proposal mix two boxes' stories into one list.
        for candidate in ListFinder(document: document).candidates(limit: 20) {
            let boxes = candidate.members.compactMap { member -> String? in
                var current = member.parent
                while let element = current {
                    if let names = element.attr("class"), names.contains("widget-internal") { return names }
                    current = element.parent
                }
                return nil
            }
            #expect(Set(boxes).count <= 1, "\(candidate.items) mixes \(Set(boxes).sorted())")
        }
    }

    @Test func cardsAtTwoDepthsAreOneListOfTheCards() throws {
        // "More on this story": a row of four cards, then a row whose one box holds four more.
        let base = try #require(URL(string: "https://www.theguardian.com/environment/2019/jan/03/"))
        let body = try Data(contentsOf: Fixture.url("proposals-extra/article-guardian-more-on-this-story.html"))
        let page = FetchedPage(requestedURL: base, url: base, body: body)
        let candidates = SourceProposal.candidates(
            page: page, address: base, url: base.absoluteString, id: "whales", base: base, includeRemote: false)
        let best = try #require(candidates.first)
        let items = best.items ?? []
        #expect(best.proposal.items?.contains(":not(:has(") == true)
        // The eight cards, each once: the box that holds the second row's four is none of them.
        #expect(
            items.map(\.title) == [
                "Rescuers rush to help whale stranded in Scottish loch",
                "Nearly 30 whales stranded on remote Victorian beach",
                "Over 140 whales die after becoming stranded on New Zealand beach \u{2013} video",
                "More than 140 pilot whales die in 'heartbreaking' New Zealand stranding",
                "Indonesia: dead whale had 1,000 pieces of plastic in stomach",
                "Sighting of sperm whales in Arctic a sign of changing ecosystem, say scientists",
                "Benny the beluga whale forces firework display postponement",
                "Images show baby humpback whale trapped in shark net off Queensland coast",
            ])
        #expect(
            items.first?.url?.absoluteString
                == "https://www.theguardian.com/uk-news/2019/jan/03/sperm-whale-stranded-scottish-loch-eriboll")
        #expect(
            items.dropFirst(4).first?.url?.absoluteString
                == "https://www.theguardian.com/environment/2018/nov/20/indonesia-dead-whale-had-1000-pieces-of-plastic-in-stomach"
        )
    }
}
