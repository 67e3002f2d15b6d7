import Testing
import TrawlHTML

@testable import TrawlKit

/// `SafeText` decides on bytes whether text needs cleaning or collapsing; what it returns
/// is what cleaning scalar by scalar, then collapsing, gives.
@Suite struct SafeTextTests {
    static let pieces: [Unicode.Scalar] = [
        "a", "Z", " ", " ", "\t", "\n", "\r", "\u{0B}", "\u{0}", "\u{1B}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}",
        "\u{A0}", "\u{A9}", "é", "\u{1680}", "\u{2000}", "\u{200A}", "\u{200B}", "\u{2028}", "\u{2029}", "\u{202A}",
        "\u{202E}", "\u{202F}", "\u{205F}", "\u{2066}", "\u{2069}", "\u{206A}", "\u{3000}", "\u{3001}", "\u{FFFD}",
        "\u{FFFE}", "\u{FFFF}", "😀", "<", "&", "\"",
    ]

    static func reference(_ text: String) -> (clean: String, line: String) {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A: scalars.append(scalar)
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0xFFFE, 0xFFFF: continue
            default: scalars.append(scalar)
            }
        }
        let clean = String(scalars)
        return (clean, clean.collapsingWhitespace)
    }

    @Test func cleaningAndOneLineMatchTheScalarRules() {
        var state: UInt64 = 18
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        for _ in 0..<5_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<(next() % 12) { text.append(Self.pieces[next() % Self.pieces.count]) }
            let string = String(text)
            let expected = Self.reference(string)
            #expect(SafeText.clean(string) == expected.clean, "\(string.unicodeScalars.map(\.value))")
            #expect(SafeText.line(string) == expected.line, "\(string.unicodeScalars.map(\.value))")
        }
    }

    @Test func collapsedCleanTextComesBackAsItIs() {
        for text in ["Plain title", "Café au lait — 3 €", "日本語のテキスト", "", "a"] {
            #expect(SafeText.line(text) == text)
        }
        // A control character between two spaces leaves them doubled: collapsed again.
        #expect(SafeText.line("a \u{7} b") == "a b")
        #expect(SafeText.line("evil\u{202E}txt.exe") == "eviltxt.exe")
        #expect(SafeText.line(" Site\n title\u{202F}") == "Site title")
    }

    @Test func htmlCleansThenEscapes() {
        #expect(
            SafeText.html("<b>\"Tom\" & 'Jerry'</b>\u{1B}")
                == "&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;")
        #expect(SafeText.html("\"\u{301}") == "&quot;\u{301}")
    }
}
