import Testing
import TrawlText

@Suite struct MarkupEscaperTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        ("", ""),
        ("a & b < c > d", "a &amp; b &lt; c &gt; d"),
        ("\"double\" 'single'", "&quot;double&quot; &#39;single&#39;"),
        ("&amp; stays text", "&amp;amp; stays text"),
        ("bell\u{07} nul\u{00} tab\t", "bell\u{07} nul\u{00} tab\t"),
        ("\u{FFFE}\u{FFFF}é😀", "\u{FFFE}\u{FFFF}é😀"),
        ("\"\u{301} combining", "&quot;\u{301} combining"),
    ])
    func htmlEscapesFiveCharactersAndCopiesTheRest(text: String, expected: String) {
        #expect(MarkupEscaper.escaped(text, as: .html) == expected)
        var bytes: [UInt8] = Array("prefix:".utf8)
        MarkupEscaper.append(text, as: .html, to: &bytes)
        #expect(bytes == Array(("prefix:" + expected).utf8))
    }

    @Test(arguments: [
        ("a & b < c > d \"q\"", "a &amp; b &lt; c &gt; d &quot;q&quot;"),
        ("it's", "it's"),
        ("end ]]> of CDATA", "end ]]&gt; of CDATA"),
        ("tab\tline\nreturn\r", "tab\tline\nreturn\r"),
        ("bell\u{07}escape\u{1B}nul\u{00}", "bellescapenul"),
        ("non\u{FFFE}char\u{FFFF}s", "nonchars"),
        ("kept \u{7F}\u{85}\u{FFFD}\u{FEFF}\u{10FFFF}", "kept \u{7F}\u{85}\u{FFFD}\u{FEFF}\u{10FFFF}"),
        ("\u{EFBF}\u{FFBE}", "\u{EFBF}\u{FFBE}"),
    ])
    func xmlEscapesFourCharactersAndDropsWhatXMLForbids(text: String, expected: String) {
        #expect(MarkupEscaper.escaped(text, as: .xml) == expected)
        var bytes: [UInt8] = []
        MarkupEscaper.append(text, as: .xml, to: &bytes)
        #expect(bytes == Array(expected.utf8))
    }

    /// The byte-level escaper agrees with the rules written scalar by scalar, on text mixing
    /// every special character with ASCII, multi-byte characters and their look-alikes.
    @Test func agreesWithTheRulesScalarByScalar() {
        let pieces: [Unicode.Scalar] = [
            "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\u{0}", "\u{1F}", "\u{7F}", "\u{85}", "a", " ", "é",
            "\u{FFFD}", "\u{FFFE}", "\u{FFFF}", "\u{EFBF}", "\u{BFBE}", "😀", "\u{202E}", "\u{301}",
        ]
        var generator = SplitMix(seed: 18)
        for _ in 0..<2_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int(generator.next() % 24) {
                text.append(pieces[Int(generator.next() % UInt64(pieces.count))])
            }
            let string = String(text)
            #expect(MarkupEscaper.escaped(string, as: .html) == Self.reference(string, html: true))
            #expect(MarkupEscaper.escaped(string, as: .xml) == Self.reference(string, html: false))
        }
    }

    static func reference(_ text: String, html: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'" where html: result += "&#39;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": if html { result.unicodeScalars.append(scalar) }
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// A small seeded generator, so the cases are the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
