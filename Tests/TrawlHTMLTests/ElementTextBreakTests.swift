import Foundation
import TestSupport
import Testing
import TrawlHTML

/// An element's text as a person reads it (the HTML Standard's `innerText`, with white space
/// collapsed): a `<br>` and the edges of a block (a paragraph, a list item, a table cell)
/// part words; inline elements (`<b>`, `<span>`, `<wbr>`) do not.
@Suite struct ElementTextBreakTests {
    @Test(arguments: [
        ("<a>Midnight<br>Complete</a>", "Midnight Complete"),
        ("<a><strong>Midnight</strong><br /><em>Complete and Total Hell</em></a>", "Midnight Complete and Total Hell"),
        ("<div><p>a</p><p>b</p></div>", "a b"),
        ("<div>x<p>a</p>b</div>", "x a b"),
        ("<div><span><div>a</div></span>b</div>", "a b"),
        ("<ul><li>one</li><li>two</li></ul>", "one two"),
        ("<table><tr><td>1</td><td>2</td></tr><tr><th>3</th></tr></table>", "1 2 3"),
        ("<div><h2>Title</h2>Body</div>", "Title Body"),
        ("<p>a<br><br> b</p>", "a b"),
        ("<p><br>a<br></p>", "a"),
        ("<div><br></div>", ""),
        ("<a><span>Mid</span><b>night</b></a>", "Midnight"),
        ("<a>Mid<wbr>night</a>", "Midnight"),
        ("<p>1<sup>st</sup> of <em>May</em></p>", "1st of May"),
    ])
    func wordsPartWhereAPersonSeesThemApart(html: String, text: String) throws {
        let document = Document.parseHTML("<body>\(html)</body>")
        let element = try #require(try document.select("body > *").first)
        #expect(element.text == text)
    }

    /// The text a selector gives is what `::text` of the element itself gave too.
    @Test func textNodesStillReadAsThey() throws {
        let document = Document.parseHTML("<body><p> a <br> b </p></body>")
        #expect(try document.select("p::text").texts == ["a", "b"])
    }
}
