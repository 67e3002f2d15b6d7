import Foundation
import TrawlHTML

extension ListFinder {
    /// How much a reader would want this list: many items whose titles read like headlines,
    /// leading to distinct places, with text beyond the title, where the page's content is.
    static func score(
        _ sample: [Node], titles: [ItemTitle], count: Int, container: Int, in outline: PageOutline
    )
        -> Double
    {
        let texts = titles.map(\.text.text)
        // A character of a script without spaces says about as much as two of a spaced one.
        let averageLength =
            Double(texts.map { $0.count + $0.unicodeScalars.filter(isUnspacedScript).count }.reduce(0, +))
            / Double(titles.count)
        let averageWords = Double(texts.map(wordCount).reduce(0, +)) / Double(titles.count)
        // One or two words a title ("Home", "About us", "Sports") is a menu's, not a headline's.
        let headline = min(averageLength, 60) / 60 * min(averageWords, 4) / 4
        let hrefs = titles.compactMap { $0.link.attr("href") }
        let distinct = Double(Set(hrefs).count) / Double(max(hrefs.count, 1))
        let withMore = zip(sample, titles).filter { member, title in
            member.text.count - title.text.text.count >= 20
        }
        let extra = 1 + 0.5 * Double(withMore.count) / Double(sample.count)
        let size = pow(Double(min(count, 40)), 0.8)
        // A numbered top-N (most read) is what people watch, even beside the content.
        if isRanked(sample) { return size * headline * distinct * extra * 1.5 }
        var region = region(of: outline.elements[container].node)
        // Items that each carry a `<time>` are posts or events, whatever their box is called
        // (a "widget" of upcoming events): menus and footers have no dates.
        if region == .boilerplate {
            let dated = sample.filter { ((try? $0.xpath(".//time[@datetime]"))?.count ?? 0) > 0 }
            if Double(dated.count) >= 0.6 * Double(sample.count) { region = .unknown }
        }
        // Titles folded inside closed `<details>` (each item a rollup opened by a click) are
        // not what a reader sees of the list, however open the box around them is.
        let folded = titles.filter { isFolded($0.text) }
        if Double(folded.count) >= 0.6 * Double(titles.count) { region = .boilerplate }
        // Another site's headlines, each opened in a new window, are that site's list.
        if isOtherSiteBox(titles) { region = .boilerplate }
        // Rows under a header row: the author declared them a list of records.
        let declared = sample.first.flatMap(TableHeader.of(row:)) != nil ? 1.5 : 1
        // A list its author calls the newest is the one a person watches for what changed.
        let latest = isNamedLatest(outline.elements[container].node) ? 2.0 : 1
        return size * headline * distinct * extra * region.weight * declared * latest
    }

    /// The words of a title, hyphenated names counted by their parts; in a script written without spaces (Chinese, Japanese), a word
    /// is about two characters, so "两岸经贸合作与发展论坛" is a headline and not one word.
    static func wordCount(_ text: String) -> Int {
        // A name joined by hyphens ("social-media-profiles") is as many words.
        let spaced = text.split { $0.isWhitespace || $0 == "-" || $0 == "_" }.count
        let unspaced = text.unicodeScalars.filter(isUnspacedScript).count
        return max(spaced, unspaced / 2)
    }

    private static func isUnspacedScript(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x0E00...0x0E7F: return true
        default: return false
        }
    }

    /// Whether the items are numbered 1, 2, 3… in their text: a top-N list, what people watch.
    static func isRanked(_ members: [Node]) -> Bool {
        let numbered = members.enumerated().filter { index, member in
            let digits = member.text.prefix { $0.isNumber }
            return Int(digits) == index + 1
        }
        return Double(numbered.count) >= 0.8 * Double(members.count)
    }

    /// Whether the node sits in a menu, header, footer or the like rather than the page's content.
    static func isNavigation(_ node: Node) -> Bool {
        region(of: node) == .boilerplate
    }
}
