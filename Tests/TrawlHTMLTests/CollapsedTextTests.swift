import Foundation
import Testing
import TrawlHTML

/// White space collapsed on bytes gives what collapsing by `Character` gave.
@Suite struct CollapsedTextTests {
    static let pieces = [
        "a", "word", "café", "日本", "👩‍👩‍👧", "e\u{301}", " ", "  ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{85}",
        "\u{A0}", "\u{1680}", "\u{2000}", "\u{2005}", "\u{200A}", "\u{200B}", "\u{2028}", "\u{2029}", "\u{202F}",
        "\u{205F}", "\u{3000}", "\u{FEFF}", "-",
    ]

    @Test func bytesCollapseAsCharactersDo() {
        var state: UInt64 = 42
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<12 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += Self.pieces[Int(state >> 33) % Self.pieces.count]
            }
            let expected = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            #expect(text.collapsingWhitespace == expected, "\(Array(text.unicodeScalars))")
        }
    }

    @Test func nodeTextIsCollapsedOnce() throws {
        let document = Document.parseHTML("<p>  one\u{A0}\n two <b> three </b>\t</p>")
        #expect(try document.select("p").first?.text == "one two three")
    }
}
