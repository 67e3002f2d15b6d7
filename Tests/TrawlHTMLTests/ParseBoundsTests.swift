import Foundation
import Testing
import TrawlHTML

/// Pages that went past libxml2's limits were cut silently, or took minutes; selector
/// arguments past Int's range crashed. Each is now bounded and said.
@Suite struct ParseBoundsTests {
    /// Sloppy markup: every item leaves its own `<div>` and an inner one open, so each nests
    /// the rest of the page two deeper. libxml2 stopped at depth 256, after 127 items.
    static func unclosedItems(_ count: Int) -> String {
        (1...count).map { "<div class=\"item\"><h2>Item \($0)</h2><div class=\"body\">text \($0)" }.joined()
    }

    @Test func fourHundredItemsWithUnclosedDivsAreAllFound() throws {
        let document = Document.parseHTML("<html><body>" + Self.unclosedItems(400) + "</body></html>")
        #expect(try document.select(".item").count == 400)
        #expect(try document.select(".item h2").last?.text == "Item 400")
        #expect(document.warnings.isEmpty)
    }

    @Test func nestingPastTheBoundIsCutWithAWarning() throws {
        let document = Document.parseHTML("<html><body>" + Self.unclosedItems(1_500) + "</body></html>")
        let found = try document.select(".item").count
        #expect(found > 400 && found < 1_500)
        #expect(document.warnings.count == 1)
        #expect(document.warnings.first?.contains("nest \(ParseLimits.maximumDepth) deep") == true)
    }

    @Test func xmlNestsAsDeepAsHTML() throws {
        let markup = String(repeating: "<a>", count: 1_000) + "x" + String(repeating: "</a>", count: 1_000)
        let document = Document.parseXML(markup)
        #expect(try document.xpath("//a").count == 1_000)
        #expect(document.warnings.isEmpty)
    }

    @Test func anElementWithTooManyAttributesKeepsTheFirstAndTheRestOfThePage() throws {
        let attributes = (0..<160_000).map { " a\($0)=\"\($0)\"" }.joined()
        let markup =
            "<html><body><p id=\"first\"\(attributes)>hostile</p><p id=\"after\" title='x>y'>after</p></body></html>"
        let document = Document.parseHTML(markup)
        let first = try #require(try document.select("#first").first)
        #expect(first.attributes.count == ParseLimits.maximumAttributes)
        #expect(first.text == "hostile")
        #expect(try document.select("#after").text == "after")
        #expect(try document.select("#after").attr("title") == "x>y")
        #expect(document.warnings == ["1 element has more than 256 attributes; those after the 256th were dropped"])
    }

    @Test func attributesInScriptsAndCommentsAreLeftAlone() throws {
        let words = (0..<400).map { "w\($0)" }.joined(separator: " ")
        let markup = "<script>if (a<b \(words)) {}</script><!-- <x \(words)> --><p class=\"k\" \(words)>p</p>"
        let document = Document.parseHTML(markup)
        #expect(try document.select("script").text?.contains("w399") == true)
        #expect(try document.select("p").first?.attributes.count == ParseLimits.maximumAttributes)
        #expect(document.warnings.count == 1)
    }

    @Test func xmlElementsWithTooManyAttributesAreCut() throws {
        let attributes = (0..<10_000).map { " a\($0)=\"\($0)\"" }.joined()
        let document = Document.parseXML("<feed><entry\(attributes)>x</entry><entry>y</entry></feed>")
        #expect(try document.xpath("//entry").count == 2)
        #expect(try document.xpath("//entry").first?.attributes.count == ParseLimits.maximumAttributes)
        #expect(document.warnings.count == 1)
    }

    @Test(arguments: [
        ("li:nth-child(-9223372036854775808n)", 14),
        ("li:nth-child(9223372036854775807)", 14),
        ("li:nth-child(2n-9223372036854775808)", 14),
        ("li:nth-last-child(1000000001n)", 19),
        ("p:nth-of-type(-2000000000)", 15),
    ])
    func nthArgumentsOutOfRangeAreSelectorErrorsNamingTheColumn(_ selector: String, _ column: Int) throws {
        do {
            _ = try Selector(parsing: selector)
            Issue.record("\(selector) parsed")
        } catch let error as SelectorError {
            #expect(error.column == column)
            #expect("\(error)".contains("between -1000000000 and 1000000000"), "\(error)")
        }
    }

    @Test func nthArgumentsAtTheBoundStillWork() throws {
        let document = Document.parseHTML("<ul><li>a</li><li>b</li><li>c</li></ul>")
        #expect(try document.select("li:nth-child(-1000000000n+2)").count == 1)
        #expect(try document.select("li:nth-child(1000000000n+3)").text == "c")
        #expect(try document.select("li:nth-child(1000000000)").isEmpty)
    }
}
