import Foundation
import Testing
import TrawlHTML

/// One vocabulary on a node and on a list of nodes.
@Suite struct NodeTests {
    static let page = Document.parseHTML(
        """
        <html><head><base href="/archive/"></head><body>
        <div id="post" class="post"> Hello <b>big</b>
           world <a href="2024/one.html">one</a> <a href=" https://other.example/x ">x</a></div>
        </body></html>
        """, url: URL(string: "https://example.com/blog/index.html"))

    @Test func textIsWhitespaceNormalised() throws {
        let post = try #require(try Self.page.select("#post").first)
        #expect(post.text == "Hello big world one x")
        #expect(post.ownText == "Hello world")
        #expect(post.rawText.hasPrefix(" Hello "))
    }

    @Test func attributesAndTags() throws {
        let post = try #require(try Self.page.select("div").first)
        #expect(post.tag == "div")
        #expect(post.attr("CLASS") == "post")
        #expect(post.attr("missing") == nil)
        #expect(post.attributes.map(\.name) == ["id", "class"])
        #expect(post.children.map(\.tag) == ["b", "a", "a"])
        #expect(post.children.first?.parent?.attr("id") == "post")
    }

    @Test func attributeNamesMatchWholeIgnoringCaseOnlyInHTML() throws {
        let html = try #require(
            try Document.parseHTML(#"<p data-id="1" data-idx="2" title="a &amp; b" empty="">x</p>"#).select("p").first)
        #expect(html.attr("data-id") == "1")
        #expect(html.attr("DATA-IDX") == "2")
        #expect(html.attr("data-i") == nil)
        #expect(html.attr("data-id2") == nil)
        #expect(html.attr("data-id\u{0}") == nil)
        #expect(html.attr("title") == "a & b")
        #expect(html.attr("empty") == "")
        let xml = try #require(try Document.parseXML(#"<p Data-Id="1" é="2">x</p>"#).select("p").first)
        #expect(xml.attr("Data-Id") == "1")
        #expect(xml.attr("data-id") == nil)
        #expect(xml.attr("é") == "2")
        #expect(xml.attr("É") == nil)
    }

    @Test func markup() throws {
        let bold = try #require(try Self.page.select("b").first)
        #expect(bold.outerHTML == "<b>big</b>")
        #expect(bold.innerHTML == "big")
    }

    @Test func urlsResolveAgainstTheBaseElement() throws {
        #expect(Self.page.baseURL?.absoluteString == "https://example.com/archive/")
        let links = try Self.page.select("a")
        #expect(links.url("href")?.absoluteString == "https://example.com/archive/2024/one.html")
        #expect(links[1].url("href")?.absoluteString == "https://other.example/x")
    }

    @Test func listVocabularyMatchesNodeVocabulary() throws {
        let links = try Self.page.select("a")
        #expect(links.text == "one")
        #expect(links.texts == ["one", "x"])
        #expect(links.attr("href") == "2024/one.html")
        #expect(links.first?.tag == "a")
        #expect(try links.xpath("@href").count == 2)
    }

    @Test func xpathErrorsNameTheExpression() {
        #expect(throws: XPathError.self) { try Self.page.xpath("//a[") }
    }
}
