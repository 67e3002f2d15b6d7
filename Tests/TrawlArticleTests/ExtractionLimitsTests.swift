import Foundation
import Testing

@testable import TrawlArticle

/// Hostile pages are bounded: deep nesting, too many nodes, too little time, too many bytes
/// each end with a note, never a crash or a run without end.
@Suite struct ExtractionLimitsTests {
    static let prose = String(
        repeating: "A sentence of an article, with a comma, and words enough to count. ", count: 10)

    @Test func elementsNestedThousandsDeepAreReadWithoutRecursion() {
        let depth = 20_000
        let page =
            String(repeating: "<div>", count: depth) + "<p>\(Self.prose)</p>"
            + String(repeating: "</div>", count: depth)
        let extraction = ArticleExtractor.extract(Data(page.utf8))
        // libxml2 stops at its depth limit, and says so; the extractor goes on with what it has.
        #expect(extraction.notes.contains { $0.contains("nest") }, "\(extraction.notes)")
    }

    @Test func aPageOfMoreNodesThanTheLimitGivesANote() {
        let page = "<body>" + String(repeating: "<span>x</span>", count: 2_000) + "<p>\(Self.prose)</p></body>"
        let limits = ExtractionLimits(maximumNodes: 1_000)
        let extraction = ArticleExtractor.extract(Data(page.utf8), limits: limits)
        #expect(extraction.article == nil)
        #expect(extraction.notes == ["no article: the page has more than 1000 nodes"])
    }

    @Test func aSpentTimeBudgetStopsTheWork() {
        let page = "<body>" + String(repeating: "<div><span>x</span></div>", count: 10_000) + "</body>"
        let extraction = ArticleExtractor.extract(Data(page.utf8), limits: ExtractionLimits(maximumSeconds: 0))
        #expect(extraction.article == nil)
        #expect(extraction.notes.first?.hasPrefix("no article: reading the page took longer than") == true)
    }

    /// Text at every level of a deep nest: weighing each block walks all below it, quadratic
    /// work that once ran on far past the budget (18 s in a debug build for 5 s allowed).
    @Test func scoringAndCleaningADeepPageStopAtTheBudget() {
        let depth = 2_000
        let levels = (0..<depth).map { "<div class=\"c\($0)\"><p>Some words here, and more words there, \($0).</p>" }
        let page = "<html><body>" + levels.joined() + String(repeating: "</div>", count: depth) + "</body></html>"
        let extraction = ArticleExtractor.extract(Data(page.utf8), limits: ExtractionLimits(maximumSeconds: 0.2))
        #expect(extraction.article == nil)
        #expect(extraction.notes == ["no article: reading the page took longer than 0.2 s"])
    }

    @Test func bytesPastTheInputLimitAreNotRead() {
        let page = "<body><p>\(Self.prose)</p>" + String(repeating: "<p>more</p>", count: 1_000) + "</body>"
        let extraction = ArticleExtractor.extract(Data(page.utf8), limits: ExtractionLimits(maximumInputSize: 2_000))
        #expect(extraction.notes.first == "the page has \(page.utf8.count) bytes; only the first 2000 were read")
        #expect(extraction.article?.text.contains("A sentence of an article") == true)
    }
}
