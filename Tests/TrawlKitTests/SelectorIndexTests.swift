import Foundation
import Testing
import TrawlHTML

@testable import TrawlKit

/// `ListFinder`'s selector counts, worked out from its index of the page's elements, are
/// what a select over the whole document gives; selectors of other shapes go to the select.
@Suite struct SelectorIndexTests {
    static let page = """
        <html><body>
        <div id="main" class="content wide">
          <ul class="list"><li class="item"><a href="/1">One</a></li><li class="item ad">Ad</li>
            <li class="item"><a href="/2">Two</a></li><li class="item"><span>No link</span></li></ul>
          <ul class="list"><li class="item" data-testid="row"><a href="/3">Three</a></li>
            <li class="item"><em class="note">x</em></li></ul>
        </div>
        <table><tr><td class="title"><a href="/t">T</a></td></tr><tr><td>spacer</td></tr></table>
        <section><div><p class="x\ty">tabbed classes</p></div></section>
        </body></html>
        """

    @Test(arguments: [
        "li", "ul > li", "div#main > ul > li.item", "div.content.wide ul > li", "ul.list:nth-of-type(2) > li",
        "ul:nth-of-type(1) > li:nth-of-type(3)", "ul > li.item:not(.ad)", "ul > li:has(a[href])",
        "ul > li:has(> em.note)", "li[data-testid='row']", "table > tbody > tr:has(> td.title)", "body > table",
        "section div > p.y", "div#none > li", "li.missing", "body section > div > p.x",
        // Spelt otherwise than `ListFinder` writes them, read the same by TrawlHTML's parser.
        "li[data-testid=row]", "li[data-testid=\"row\" s]", "li[data-testid='a\\'b']", "ul>li:first-of-type",
        "ul > li:not(.ad, .none)", "ul:has(> li:has(a[href]))", "li:nth-of-type(0)", "li#1x",
    ])
    func answersAsASelectOfTheWholeDocument(_ css: String) throws {
        let document = Document.parseHTML(Self.page)
        let index = SelectorIndex(document: document, selectsFirst: 0)
        #expect(SelectorIndex.Path(parsing: css) != nil)
        let selected = Array(try document.select(css))
        #expect(index.count(css) == selected.count)
        #expect(index.select(css) == selected)
    }

    /// Longer paths asked one after another, as `uniqueSelector` asks them, narrow the last one's matches.
    @Test func aPathWithAParentInFrontCountsAsASelect() throws {
        let document = Document.parseHTML(Self.page)
        let index = SelectorIndex(document: document, selectsFirst: 0)
        for css in [
            "li.item", "ul.list > li.item", "div#main > ul.list > li.item", "body > div#main > ul.list > li.item",
        ] {
            #expect(index.count(css) == (try document.select(css).count))
        }
        #expect(index.count("ul.list:nth-of-type(2) > li.item") == 2)
    }

    @Test(arguments: [
        "li, ul", "ul li:first-child", "LI", "a::attr(href)", "ul ~ ul", "", "li:has(a)",
        "li:has(a, em)", "li:not(.item.ad)", "li:not(li)", "li:nth-last-of-type(1)", "li:nth-of-type(2n+1)",
        "*", "ul > *", "li[data-testid=row i]", "li[data-testid^=r]", "p.x\\ y", "ul:has(~ ul)",
    ])
    func leavesOtherShapesToTheSelect(_ css: String) {
        let document = Document.parseHTML(Self.page)
        #expect(SelectorIndex.Path(parsing: css) == nil)
        #expect(SelectorIndex(document: document, selectsFirst: 0).count(css) == (try? document.select(css).count))
    }
}
