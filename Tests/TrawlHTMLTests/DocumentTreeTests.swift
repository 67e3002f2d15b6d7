import Foundation
import Testing
import TrawlHTML

/// The tree has the shape a browser's DevTools shows, where selectors depend on it.
@Suite struct DocumentTreeTests {
    @Test(arguments: [
        "<table><tr><td>1</td></tr><tr><td>2</td></tr></table>",
        "<table>\n  <tr><td>1</td></tr>\n  <!-- c -->\n  <tr><td>2</td></tr>\n</table>",
        "<table><tbody><tr><td>1</td></tr><tr><td>2</td></tr></tbody></table>",
    ])
    func tableRowsSitInATbody(_ markup: String) throws {
        let document = Document.parseHTML(markup)
        #expect(try document.select("table > tbody > tr").count == 2)
        #expect(try document.select("table > tr").count == 0)
        #expect(try document.select("tbody").count == 1)
    }

    @Test func rowsAfterAHeadGetTheirOwnBody() throws {
        let document = Document.parseHTML(
            "<table><thead><tr><th>h</th></tr></thead><tr><td>1</td></tr><tfoot><tr><td>f</td></tr></tfoot></table>")
        #expect(try document.select("table > thead > tr, table > tbody > tr, table > tfoot > tr").count == 3)
        #expect(try document.select("table > *").map(\.tag) == ["thead", "tbody", "tfoot"])
    }

    @Test func nestedTablesAreRepairedToo() throws {
        let document = Document.parseHTML("<table><tr><td><table><tr><td>in</td></tr></table></td></tr></table>")
        #expect(try document.select("table > tbody > tr > td > table > tbody > tr > td").text == "in")
    }

    @Test(arguments: ["", "just text", "<p>para</p>", "<head><title>t</title></head>", "<frameset></frameset>"])
    func htmlHeadAndBodyAlwaysExist(_ markup: String) throws {
        let document = Document.parseHTML(markup)
        #expect(document.root?.tag == "html")
        #expect(try document.select("html > head").count == 1)
        if !markup.contains("frameset") {
            #expect(try document.select("html > body").count == 1)
        }
    }

    @Test func namespacePrefixesSelectByNamespace() throws {
        let document = Document.parseXML(
            """
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
            <entry><title>A</title><media:title>M</media:title></entry></feed>
            """)
        let atom = ["a": "http://www.w3.org/2005/Atom", "media": "http://search.yahoo.com/mrss/"]
        #expect(try document.select("a|entry > a|title", namespaces: atom).texts == ["A"])
        #expect(try document.select("media|title", namespaces: atom).texts == ["M"])
        #expect(try document.select("entry > title").texts == ["A", "M"])
        #expect(try document.select("undeclared|title", namespaces: atom).isEmpty)
    }

    @Test func xmlKeepsItsOwnTree() throws {
        let document = Document.parseXML(
            "<feed xmlns='http://www.w3.org/2005/Atom'><entry><Title>A</Title></entry></feed>")
        #expect(document.root?.tag == "feed")
        #expect(try document.select("entry > Title").text == "A")
        #expect(try document.select("entry > title").count == 0)
    }
}
