import Foundation
import TestSupport
import Testing
import TrawlHTML

/// Selecting from the element index of a whole document gives what the walk of the tree gives.
@Suite struct ElementIndexTests {
    static let selectors = [
        "a", "a[href]", "div p", "div > p", "p + p", "p ~ p", "li:nth-child(2n+1)", "li:last-child",
        "h1, h2, h3", "*", "body *", ":root", "img::attr(src)", "p::text", "ul:has(li a)", "td:nth-of-type(2)",
        "[class~=content], article p", ":scope > body", "meta[name]::attr(content)", "span:only-of-type",
    ]

    static let pages: [String] = {
        guard let folder = try? SharedTestData.folder("pages") else { return [] }
        return ["wikipedia.html", "nytimes-1.html", "buzzfeed-1.html"].filter {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
        }
    }()

    @Test(arguments: pages)
    func indexedSelectionMatchesTheTreeWalk(_ page: String) throws {
        let folder = try #require(try SharedTestData.folder("pages"))
        let document = Document.parseHTML(try Data(contentsOf: folder.appendingPathComponent(page)))
        let root = try #require(document.root)
        for css in Self.selectors {
            let indexed = try document.select(css).map(\.outerHTML)
            let walked = try root.xpath(try Selector(parsing: css).xpath()).map(\.outerHTML)
            #expect(indexed == walked, "\(css)")
            #expect(!css.hasPrefix("a") || !indexed.isEmpty, "\(css) should match something on \(page)")
        }
    }
}
