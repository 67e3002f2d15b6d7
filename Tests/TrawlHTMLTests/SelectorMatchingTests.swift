import Foundation
import Testing
import TrawlHTML

/// What selectors match in an HTML document, feature by feature.
@Suite struct SelectorMatchingTests {
    static let page = Document.parseHTML(
        """
        <html lang="en"><body>
        <ul class="Items list">
          <li id="a" class="item first" data-kind="News"><a href="/one" TYPE="Text/HTML">One</a> extra</li>
          <li id="b" class="item"><a href="two.html">Two</a></li>
          <li id="c" class="item promo"><span>Ad</span></li>
          <li id="d" class="item" lang="de-DE"><a href="https://example.org/four">Four</a></li>
        </ul>
        <table id="t"><tr id="r1"><td>1</td></tr><tr id="r2"><td>2</td></tr></table>
        </body></html>
        """)

    @Test(arguments: [
        ("li", ["a", "b", "c", "d"]),
        ("LI.item", ["a", "b", "c", "d"]),
        ("ul.Items > li:nth-child(2n+1)", ["a", "c"]),
        ("li:nth-child(odd of :has(a))", ["a", "d"]),
        ("li:nth-last-child(1)", ["d"]),
        ("li:not(.promo, #a)", ["b", "d"]),
        ("li:is(#a, #b):where(.first)", ["a"]),
        ("li:has(> span)", ["c"]),
        ("li:has(a[href^=http])", ["d"]),
        ("li:contains('Tw')", ["b"]),
        ("li[data-kind=news i]", ["a"]),
        ("li[data-kind=news]", []),
        ("li:lang(de)", ["d"]),
        ("li:lang(en)", ["a", "b", "c"]),
        ("#a ~ li:last-of-type", ["d"]),
        ("#a + li", ["b"]),
        ("table > tbody > tr", ["r1", "r2"]),
        ("ul :first-of-type", ["a"]),
    ])
    func matchesTheExpectedElements(_ selector: String, _ ids: [String]) throws {
        let matched = try Self.page.select(selector).compactMap { $0.attr("id") }
        #expect(matched == ids)
    }

    @Test func attributeValuesListedByHTMLMatchCaseInsensitively() throws {
        #expect(try Self.page.select("a[type='text/html']").count == 1)
        #expect(try Self.page.select("a[type='text/html' s]").count == 0)
    }

    @Test func textPseudoElementSelectsOwnTextNodes() throws {
        #expect(try Self.page.select("#a::text").texts == ["extra"])
        #expect(try Self.page.select("#a a::text").texts == ["One"])
    }

    @Test func attrPseudoElementSelectsValues() throws {
        #expect(try Self.page.select("li a::attr(href)").texts == ["/one", "two.html", "https://example.org/four"])
    }

    @Test func scopeIsTheNodeSelectIsCalledOn() throws {
        let list = try #require(try Self.page.select("ul").first)
        #expect(try list.select(":scope > li").count == 4)
        #expect(try list.select(":scope > a").count == 0)
    }

    @Test func selectOnAListMergesInDocumentOrderWithoutRepeats() throws {
        let items = try Self.page.select("ul, li")
        #expect(try items.select("a").count == 3)
    }

    @Test func compilesToXPath() throws {
        #expect(
            try Selector(parsing: "div > p.x").xpath()
                == "descendant-or-self::p[contains(concat(' ', normalize-space(@class), ' '), ' x ') and parent::div]"
        )
    }

    /// `:has()` and `:contains()` read below the element: they come after the parent step,
    /// so only the elements whose parents match are read below.
    @Test func readsBelowAnElementOnlyAfterItsParentMatches() throws {
        #expect(
            try Selector(parsing: "body > div:has(a[href]).x").xpath()
                == "descendant-or-self::div[contains(concat(' ', normalize-space(@class), ' '), ' x ')"
                + " and parent::body and (descendant::a[@href])]")
        // Also inside `:not()`, and on a compound to the left.
        let xpath = try Selector(parsing: "ul > li:not(:has(a)):first-child > span").xpath()
        let parent = try #require(xpath.range(of: "parent::ul"))
        let below = try #require(xpath.range(of: "descendant::a"))
        #expect(parent.lowerBound < below.lowerBound)
    }
}
