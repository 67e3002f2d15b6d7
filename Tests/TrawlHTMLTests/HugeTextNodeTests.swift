import Foundation
import Testing

@testable import TrawlHTML

/// A text node past libxml2's 10,000,000 bytes no longer ends the HTML parse silently;
/// what cannot be parsed whole (an XML text node that long, input past the size limit)
/// leaves the document `isTruncated`, with a warning.
@Suite struct HugeTextNodeTests {
    static func list(hugeItem: Int, text: String, count: Int = 19) -> String {
        let items = (1...count).map { number in
            let summary = number == hugeItem ? text : "Summary \(number)"
            return #"<li><a href="/\#(number)">Item \#(number)</a><p>\#(summary)</p></li>"#
        }
        return "<html><body><ul>\(items.joined())</ul></body></html>"
    }

    @Test func anElevenMegabyteTextNodeKeepsEveryElementAfterIt() throws {
        let html = Self.list(hugeItem: 15, text: String(repeating: "long summary ", count: 850_000))
        let document = Document.parseHTML(html)
        #expect(try document.select("li").count == 19)
        #expect((try document.select("li:nth-child(15) p").text ?? "").utf8.count > 10_000_000)
        #expect(!document.isTruncated)
        #expect(document.warnings.isEmpty)
    }

    @Test func fourMegabytesOfNULBytesKeepEveryElementAfterThem() throws {
        // Each NUL becomes U+FFFD, three bytes: 12 MB of text from 4 MB of input.
        var data = Data(Self.list(hugeItem: 0, text: "", count: 2).utf8)
        let marker = try #require(data.range(of: Data("Summary 1".utf8)))
        data.replaceSubrange(marker, with: Data(repeating: 0, count: 4_000_000))
        let document = Document.parseHTML(data, contentType: "text/html; charset=utf-8")
        #expect(try document.select("li").count == 2)
        #expect(try document.select("li:last-child a").text == "Item 2")
        #expect(!document.isTruncated)
    }

    @Test func elementsStillNestNoDeeperThanTheLimit() {
        let depth = ParseLimits.maximumDepth + 500
        let html = String(repeating: "<div>", count: depth) + "x" + String(repeating: "</div>", count: depth)
        let document = Document.parseHTML(html)
        #expect(document.warnings.contains { $0.contains("nest \(ParseLimits.maximumDepth) deep") })
    }

    @Test func anXMLTextNodePastTheLimitLeavesTheDocumentTruncatedWithAWarning() {
        // Non-ASCII text reaches libxml2's tree builder in pieces, which is where it counts.
        let xml = "<r><a>" + String(repeating: "caf\u{E9} ", count: 1_800_000) + "</a><b>after</b></r>"
        let document = Document.parseXML(xml)
        #expect(document.isTruncated)
        #expect(document.warnings.contains { $0.contains("the parser stopped part way") }, "\(document.warnings)")
    }

    @Test func inputPastTheSizeLimitIsCutWithAWarning() {
        let html = Self.list(hugeItem: 0, text: "", count: 19)
        let document = Document.parseHTML(Data(html.utf8), url: nil, contentType: nil, inputLimit: 500)
        #expect(document.isTruncated)
        #expect(document.warnings.contains { $0.contains("more than the 500 Trawl parses") }, "\(document.warnings)")
    }
}
