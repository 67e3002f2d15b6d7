import Foundation
import TestSupport
import Testing
import TrawlHTML

/// Simple selectors run on an element walk its subtree instead of going through XPath;
/// they must match exactly what the XPath translation matches, from any element, on real pages.
@Suite struct SimpleMatcherTests {
    static let selectors = [
        "a", "div p", "a[href]", "ul > li a", "div > p", "li a[href][title]", "p.caption", ".content p", "#main a",
        "div.entry-content > p", "span", "* > a", "section article h2 a", "body div div", "h1, h2",
        "li:first-child a", "a::attr(href)", "p::text",
        // Pseudo-elements read off the matched elements; nested matches (`div::text`) must
        // give their text in document order, as XPath does.
        "div::text", "li a::text", "ul > li::text", "a::attr(HREF)", "img::attr(src)", "div > *::attr(class)",
        "span::attr(data-x)",
    ]

    @Test(arguments: selectors)
    func theTreeWalkMatchesWhatXPathMatches(css: String) throws {
        guard let pages = try SharedTestData.folder("pages") else { return }
        let files = try FileManager.default.contentsOfDirectory(atPath: pages.path).sorted().prefix(40)
        let xpath = try Selector(parsing: css).xpath(html: true)
        for file in files {
            let document = Document.parseHTML(try Data(contentsOf: pages.appendingPathComponent(file)))
            // Every tenth element as the context, so ancestors outside it count too.
            let contexts = try document.select("*").enumerated().filter { $0.offset % 10 == 0 }.map(\.element)
            for context in contexts {
                let walked = try context.select(css).map { [$0.outerHTML, $0.text] }
                let evaluated = try context.xpath(xpath).map { [$0.outerHTML, $0.text] }
                #expect(walked == evaluated, "\(file): '\(css)' from <\(context.tag)>")
            }
        }
    }

    @Test func ownTextOfNestedMatchesComesInDocumentOrder() throws {
        let document = Document.parseHTML("<div>A<div>B<p>x</p>C</div>D<!-- E --></div>")
        #expect(try document.select("div::text").texts == ["A", "B", "C", "D"])
        #expect(try document.select("div::text").texts == document.xpath("//div/text()").texts)
    }

    @Test func classesAndIDsMatchWholeTokensCaseSensitively() throws {
        let document = Document.parseHTML(
            #"<div id="list"><p class=" a  b\#tc "><span class="ab">x</span></p><p class="A">y</p><p id="List">z</p></div>"#
        )
        let root = try #require(document.select("#list").first)
        #expect(try root.select("p.a.c").count == 1)
        #expect(try root.select(".ab").count == 1)
        #expect(try root.select("p.A").count == 1)
        #expect(try root.select("p .a").count == 0)
        #expect(try root.select("div#list > p > span").map(\.text) == ["x"])
        #expect(try root.select("#List").map(\.text) == ["z"])
    }
}
