import Foundation
import TestSupport
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

    /// An element's text is collapsed from its text nodes in one buffer: it must be what
    /// collapsing its text nodes, parted at each edge of a `TextBreak` element, gives on
    /// every element of real pages (libxml2's joined content, where there is none inside).
    @Test func elementTextIsItsJoinedContentCollapsed() throws {
        guard let pages = try SharedTestData.folder("pages") else { return }
        let files = try FileManager.default.contentsOfDirectory(atPath: pages.path).sorted().prefix(30)
        for file in files {
            let document = Document.parseHTML(try Data(contentsOf: pages.appendingPathComponent(file)))
            for element in try document.select("*") where element.text != Self.parted(element) {
                Issue.record("\(file): <\(element.tag)> text differs from its content parted and collapsed")
                break
            }
        }
    }

    /// An element's content with a space at each edge of a `TextBreak` element below it, collapsed.
    static func parted(_ element: Node) -> String {
        var text = ""
        // Recursive: the shared pages nest a few dozen deep.
        var order: [(node: Node, isBreak: Bool)] = []
        func walk(_ node: Node, _ isRoot: Bool) {
            if node.isText { order.append((node, false)); return }
            guard node.isElement else { return }
            let breaks = !isRoot && TextBreak.tags.contains(node.tag)
            if breaks { order.append((node, true)) }
            for child in node.childNodes { walk(child, false) }
            if breaks { order.append((node, true)) }
        }
        walk(element, true)
        for (node, isBreak) in order { text += isBreak ? " " : node.rawText }
        return text.collapsingWhitespace
    }

    @Test func nodeTextIsCollapsedOnce() throws {
        let document = Document.parseHTML("<p>  one\u{A0}\n two <b> three </b>\t</p>")
        #expect(try document.select("p").first?.text == "one two three")
    }
}
