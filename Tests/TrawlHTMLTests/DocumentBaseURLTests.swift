import Foundation
import Testing
import TrawlHTML

/// `Document.baseURL`: the first `base` element with an `href` in tree order, wherever it
/// stands, resolved against the document's URL (HTML Standard §4.2.3).
@Suite struct DocumentBaseURLTests {
    static let url = URL(string: "https://example.com/blog/index.html")!

    @Test(arguments: [
        (#"<head><base href="/archive/"></head>"#, "https://example.com/archive/"),
        (#"<head><base target="_top"><base href="https://cdn.example/"></head>"#, "https://cdn.example/"),
        (#"<head><base href="one/"><base href="two/"></head>"#, "https://example.com/blog/one/"),
        (#"<body><div><base href="/deep/"></div></body>"#, "https://example.com/deep/"),
        (#"<head><base target="_blank"></head><body><base href="../up/"></body>"#, "https://example.com/up/"),
        ("<head><base href=\" \n https://spaced.example/x/ \n\"></head>", "https://spaced.example/x/"),
        (#"<head><base></head><body><p>no href anywhere</p></body>"#, "https://example.com/blog/index.html"),
        (
            #"<body><basement href="/not-a-base/"></basement><b href="/nor-this/">b</b></body>"#,
            "https://example.com/blog/index.html"
        ),
    ])
    func theFirstBaseWithAnHrefInTreeOrder(_ html: String, _ expected: String) {
        #expect(Document.parseHTML("<html>\(html)</html>", url: Self.url).baseURL?.absoluteString == expected)
    }

    @Test func anXMLDocumentHasNoBaseElement() {
        let document = Document.parseXML(#"<feed><base href="https://elsewhere.example/"/></feed>"#, url: Self.url)
        #expect(document.baseURL == Self.url)
    }
}
