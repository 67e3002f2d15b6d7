import Foundation
import Testing
import TrawlHTML

/// No crash and bounded work on what hostile or broken pages contain.
@Suite struct HostileInputTests {
    /// Elements are kept up to `ParseLimits.maximumDepth` and deeper ones dropped, with a
    /// warning, so the tree, and every walk over it, stays bounded.
    @Test func deeplyNestedElementsParseToABoundedDepth() throws {
        let markup = String(repeating: "<div>", count: 100_000) + "deep" + String(repeating: "</div>", count: 100_000)
        let document = Document.parseHTML(markup)
        let divs = try document.select("div").count
        #expect(divs >= ParseLimits.maximumDepth - 8 && divs <= ParseLimits.maximumDepth)
        #expect(document.warnings.count == 1)
        #expect(try document.select("div:empty").count == 1)
        #expect(document.root?.outerHTML.isEmpty == false)
    }

    /// `body > div:has(a[href])` reads below `body`'s children only. Were `:has()` asked of
    /// every `div` first, each would read the 2,000 levels below it before finding the link:
    /// 60 nests of 2,000 make 120,000 divs reading 120 million elements, against 120,000.
    @Test func hasAfterAChildCombinatorReadsBelowTheParentsChildrenOnly() throws {
        var html = "<html><body>"
        for _ in 0..<60 {
            html +=
                String(repeating: "<div>", count: 2000) + "<a href='/x'>x</a>"
                + String(repeating: "</div>", count: 2000)
        }
        html += "</body></html>"
        let document = Document.parseHTML(html)
        #expect(try document.select("body > div:has(a[href])").count == 60)
        #expect(try document.select("body > div > div:has(a[href])").count == 60)
    }

    @Test func aFiftyMegabytePageParses() throws {
        let paragraph = Data(("<p>" + String(repeating: "lorem ipsum ", count: 850) + "</p>\n").utf8)
        let count = 50 * 1024 * 1024 / paragraph.count + 1
        var data = Data("<html><body>".utf8)
        data.reserveCapacity(count * paragraph.count + 100)
        for _ in 0..<count { data.append(paragraph) }
        data.append(Data("<p id='last'>end</p></body></html>".utf8))
        let document = Document.parseHTML(data, contentType: "text/html; charset=utf-8")
        #expect(try document.select("#last").text == "end")
        #expect(try document.select("p").count == count + 1)
    }

    @Test func nulBytesBecomeReplacementCharacters() throws {
        let data = Data("<p>a".utf8) + Data([0, 0]) + Data("b</p><p id=x>after</p>".utf8)
        let document = Document.parseHTML(data, contentType: "text/html; charset=utf-8")
        #expect(try document.select("p").text == "a\u{FFFD}\u{FFFD}b")
        #expect(try document.select("#x").text == "after")
    }

    @Test func invalidUTF8DoesNotStopTheParse() throws {
        var data = Data("<p>start</p>".utf8)
        for byte in UInt8(0x80)...UInt8(0xFF) { data.append(byte) }
        data.append(Data("<p id=end>end</p>".utf8))
        let document = Document.parseHTML(data, contentType: "text/html; charset=utf-8")
        #expect(try document.select("#end").text == "end")
    }

    static let billionLaughs = """
        <?xml version="1.0"?>
        <!DOCTYPE lolz [
         <!ENTITY lol "lol">
         <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
         <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
         <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
         <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
         <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
         <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
         <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
         <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
        ]>
        <lolz a="&lol9;">&lol9;<b>kept &amp; safe</b></lolz>
        """

    @Test func recursiveEntitiesAreNotExpandedInXML() throws {
        let document = Document.parseXML(Self.billionLaughs)
        let text = document.root?.text ?? ""
        #expect(text.count < 100)
        #expect((document.root?.attr("a") ?? "").count < 100)
        // libxml2 stops expanding at the entity loop; the rest of the document is still there.
        #expect(try document.select("b").text?.hasPrefix("kept") == true)
    }

    @Test func recursiveEntitiesAreNotExpandedInHTML() throws {
        let document = Document.parseHTML(Self.billionLaughs)
        #expect((document.root?.text ?? "").count < 10_000)
    }

    @Test func anEmptyFileIsAnEmptyDocument() throws {
        let document = Document.parseHTML(Data())
        #expect(try document.select("body").count == 1)
        #expect(try document.select("p").count == 0)
        #expect(Document.parseXML(Data()).root == nil)
    }

    @Test func aBinaryFileParsesToSomething() throws {
        var state: UInt32 = 0x1234_5678
        var data = Data(capacity: 256 * 1024)
        for _ in 0..<(256 * 1024) {
            state = state &* 1_664_525 &+ 1_013_904_223  // a fixed LCG, so the bytes are the same every run
            data.append(UInt8(truncatingIfNeeded: state >> 24))
        }
        let document = Document.parseHTML(data)
        #expect(try document.select("html > body").count == 1)
        _ = Document.parseXML(data).root
    }
}
