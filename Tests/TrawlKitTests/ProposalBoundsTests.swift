import Foundation
import Testing
import TrawlHTML

@testable import TrawlKit

/// `init --from` on hostile pages made here: what it proposes stays bounded (candidates,
/// items, the items read to choose fields) however many siblings, levels, attributes or
/// characters a page has. Speed is measured in `Benchmarks/propose.sh`, not here.
@Suite struct ProposalBoundsTests {
    static let base = URL(string: "https://example.org/")!

    func candidates(_ html: String) -> [ProposalCandidate] {
        let page = FetchedPage(requestedURL: Self.base, url: Self.base, body: Data(html.utf8))
        return SourceProposal.candidates(
            page: page, address: Self.base, url: Self.base.absoluteString, id: "hostile", base: Self.base)
    }

    /// The bounds every proposal keeps: at most eight lists, each scraping at most `maxItems`.
    func expectBounded(_ found: [ProposalCandidate]) {
        #expect(found.filter { $0.tier == .heuristics }.count <= 8)
        for candidate in found {
            #expect((candidate.items?.count ?? 0) <= SourceConfiguration.defaultMaxItems)
        }
    }

    @Test func aHundredThousandSiblingRowsGiveAtMostMaxItemsAndAThousandRowsRead() throws {
        var html = "<html><body><main><ul class='results'>"
        for index in 0..<100_000 {
            html += "<li class='result'><a href='/r/\(index)'>Result number \(index) of the search</a></li>"
        }
        html += "</ul></main></body></html>"
        let document = Document.parseHTML(Data(html.utf8), url: Self.base)
        let lists = ListFinder(document: document).candidates()
        #expect(lists.count <= 8)
        // The outline stops at its bound, so the list it sees is cut there.
        let list = try #require(lists.first)
        #expect(list.members.count <= PageOutline.maxElements)
        #expect(FieldFinder(members: list.members).members.count == FieldFinder.maxMembers)
        expectBounded(candidates(html))
    }

    @Test func elementsNestedTwoThousandDeepGiveBoundedProposals() {
        var html = "<html><body>"
        for _ in 0..<8 {
            html += String(repeating: "<div><a href='/x'>A headline of some words</a>", count: 2000)
            html += String(repeating: "</div>", count: 2000)
        }
        html += "</body></html>"
        let found = candidates(html)
        expectBounded(found)
        #expect(found.count <= 8)
    }

    @Test func anElementWithTenThousandAttributesAndClassesGivesASelectorOfTwoClassesAtMost() throws {
        let attributes = (0..<10_000).map { "data-a\($0)='\($0)'" }.joined(separator: " ")
        let classes = (0..<10_000).map { "c\($0)" }.joined(separator: " ")
        var html = "<html><body><ul \(attributes)>"
        for index in 0..<5 {
            html += "<li class='\(classes)'><a href='/p/\(index)'>A post about the number \(index)</a></li>"
        }
        html += "</ul></body></html>"
        let found = candidates(html)
        expectBounded(found)
        let best = try #require(found.first)
        #expect(best.items?.count == 5)
        // The item selector names at most two classes, whatever the items carry.
        #expect((best.proposal.items ?? "").components(separatedBy: ".").count <= 4)
    }

    @Test func anItemOfTenMillionCharactersIsReadButItsTitleIsTheLink() throws {
        let giant = String(repeating: "word ", count: 2_000_000)
        var html = "<html><body><div id='posts'>"
        for index in 0..<4 {
            let body = index == 1 ? giant : "A short summary of the post, with some words."
            html += "<article><h2><a href='/post/\(index)'>Post title \(index)</a></h2><p>\(body)</p></article>"
        }
        html += "</div></body></html>"
        let found = candidates(html)
        expectBounded(found)
        let best = try #require(found.first)
        #expect(best.items?.count == 4)
        #expect(best.items?.map(\.title) == (0..<4).map { "Post title \($0)" })
    }
}
