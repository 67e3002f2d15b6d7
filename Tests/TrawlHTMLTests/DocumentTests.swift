import Testing
import TrawlHTML

@Suite struct DocumentTests {
    @Test func selectsTextAndAttributesWithCSS() throws {
        let document = Document.parseHTML(
            #"<ul class="item-list"><li><article><h1><a href="/a">First</a></h1></article></li></ul>"#)
        let titles = try document.select(".item-list article h1 a::text")
        #expect(titles.texts == ["First"])
        #expect(try document.select("article h1 a::attr(href)").texts == ["/a"])
    }
}
