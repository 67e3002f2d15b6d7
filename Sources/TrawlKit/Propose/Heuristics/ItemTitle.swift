import Foundation
import TrawlHTML

/// An item's title as a reader picks it: the item's heading (and the heading's link), else
/// an element its author called the title, the first cell of a table row, else its most
/// prominent link — never a link whose text is a date ("Posted on September 3, 2019"), a
/// bare address, a "read more", a comment count, an in-page jump or a link inside running
/// text. A "More" link still leads to an item that a heading names.
struct ItemTitle {
    /// Where the title's text is: a heading, or the link itself.
    let text: Node
    /// The link the item leads to.
    let link: Node

    /// The item's title and link, or nil when nothing in it reads as one.
    static func find(in item: Node) -> ItemTitle? {
        let links = headlineLinks(in: item)
        // Links that lead to the item without naming it ("More", a bare address) serve when no
        // link names it and a heading or a title element does.
        let leading = links.isEmpty ? leadingLinks(in: item) : links
        guard !leading.isEmpty else { return nil }
        let headings = (try? item.xpath(Self.headingPath)).map(Array.init) ?? []
        for heading in headings {
            if let title = title(in: heading, links: links) { return title }
        }
        // An element its author called the title or header (`release-header`, `p.card-title`)
        // and that holds the link names the item before a heading of its body does.
        let marked = markedTitles(in: item)
        for element in marked {
            if let title = title(in: element, links: links) { return title }
        }
        // A heading with no link of its own names the item; the item's link leads to it.
        if let heading = headings.first(where: { !$0.text.isEmpty && isHeadline($0.text) }), let link = leading.first {
            return ItemTitle(text: heading, link: link)
        }
        if let element = marked.first(where: { isHeadline($0.text) }), let link = leading.first {
            return ItemTitle(text: element, link: link)
        }
        guard !links.isEmpty else { return nil }
        // A table row names its item in its first cell with a link, not in the longest.
        var pool = links
        if item.tag == "tr", let cell = links.first.flatMap({ cell(of: $0, in: item) }) {
            pool = links.filter { isInside($0, cell) }
        }
        let strong = pool.filter(isMarkedAsTitle)
        if !strong.isEmpty { pool = strong }
        // The most prominent: the longest text, the first on a tie.
        guard let best = pool.max(by: { $0.text.count < $1.text.count }) else { return nil }
        return ItemTitle(text: best, link: best)
    }

    /// The title a heading or title element gives: the link it is or holds, or, in a card
    /// wrapped in its link, its own text.
    private static func title(in element: Node, links: [Node]) -> ItemTitle? {
        if let link = links.first(where: { $0 == element || isInside($0, element) }) {
            return ItemTitle(text: link, link: link)
        }
        if let link = links.first(where: { isInside(element, $0) }), !element.text.isEmpty, isHeadline(element.text) {
            return ItemTitle(text: element, link: link)
        }
        return nil
    }

    /// Elements inside the item whose class says they hold its title, in document order.
    static func markedTitles(in item: Node) -> [Node] {
        // libxml2 narrows to classes that could hold the words ("Title", "header"…) before they are split.
        guard let elements = try? item.xpath(".//*[contains(@class, 'itle') or contains(@class, 'ead')]") else {
            return []
        }
        return elements.prefix(200).filter { element in
            element.tag != "a" && !element.text.isEmpty
                && NameWords.of(element).contains(where: titleWords.contains)
        }
    }

    /// Class words of the element that holds an item's title.
    static let titleWords: Set<String> = ["title", "headline", "header", "heading"]

    /// The cell (`td`, `th`) of a row that holds the link.
    private static func cell(of link: Node, in row: Node) -> Node? {
        var current = link.parent
        while let element = current, element != row {
            if element.tag == "td" || element.tag == "th" { return element }
            current = element.parent
        }
        return nil
    }

    /// The item's links that lead somewhere, whatever their text says.
    static func leadingLinks(in item: Node) -> [Node] {
        guard let links = try? item.xpath("self::a[@href] | .//a[@href]") else { return [] }
        return links.prefix(40).filter { isLeading($0) && !$0.text.isEmpty }
    }

    private static func isLeading(_ link: Node) -> Bool {
        let href = (link.attr("href") ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        return !href.isEmpty && !href.hasPrefix("#") && !href.hasPrefix("javascript:") && !href.hasPrefix("mailto:")
    }

    static let headingPath =
        "self::h1 | self::h2 | self::h3 | self::h4 | self::h5 | self::h6"
        + " | .//h1 | .//h2 | .//h3 | .//h4 | .//h5 | .//h6 | .//*[@role='heading']"

    /// The item's links that could be its title, in document order.
    static func headlineLinks(in item: Node) -> [Node] {
        guard let links = try? item.xpath("self::a[@href] | .//a[@href]") else { return [] }
        return links.prefix(40).filter { link in
            guard isLeading(link) else { return false }
            let text = link.text
            return !text.isEmpty && isHeadline(text) && !isInRunningText(link, within: item)
        }
    }

    /// Whether text could be a headline: not a date, a number, a comment count or a "more".
    static func isHeadline(_ text: String) -> Bool {
        let words = text.lowercased().split { !$0.isLetter && !$0.isNumber }
        guard !words.isEmpty else { return false }
        // A bare address ("https://example.org/news/1") says where, not what.
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if trimmed.hasPrefix("http://") || trimmed.hasPrefix("https://") || trimmed.hasPrefix("www.") { return false }
        if words.allSatisfy({ $0.allSatisfy(\.isNumber) }) { return false }
        // "Read more", "Continue reading →", "12 comments", "Skip to content": words that lead, not name.
        if words.allSatisfy({ Self.linkWords.contains(String($0)) || $0.allSatisfy(\.isNumber) }) { return false }
        return !DateLikeText.isDate(text)
    }

    /// Words of links that lead to an item without naming it.
    static let linkWords: Set<String> = [
        "more", "read", "reading", "continue", "continued", "comment", "comments", "reply", "replies", "permalink",
        "share", "next", "previous", "prev", "older", "newer", "edit", "hide", "flag", "discuss", "details", "view",
        "download", "login", "subscribe", "skip", "top", "back", "here", "link", "source", "to", "the", "a", "an",
        "this", "post", "posts", "article", "story", "entry", "full", "main", "content", "navigation", "page", "go",
        "points", "point", "no", "leave", "add", "all", "see", "past", "web", "favorite",
    ]

    /// A link inside a paragraph of running text (a survey in a post's body), not a title.
    static func isInRunningText(_ link: Node, within item: Node) -> Bool {
        // An item that is itself a paragraph (a README's) holds running text, not titles.
        let paragraphs: Set<String> = ["p", "blockquote"]
        if paragraphs.contains(item.tag) {
            return item.text.count >= 3 * max(link.text.count, 1) && item.text.count >= 80
        }
        var current = link.parent
        while let element = current, element != item {
            if ["p", "blockquote", "li", "dd", "td"].contains(element.tag) {
                return element.text.count >= 3 * max(link.text.count, 1) && element.text.count >= 80
            }
            if Self.headingTags.contains(element.tag) { return false }
            current = element.parent
        }
        return false
    }

    static let headingTags: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]

    /// A link whose class or its parent's says it is the title.
    static func isMarkedAsTitle(_ link: Node) -> Bool {
        for node in [link, link.parent].compactMap({ $0 }) {
            let words = NameWords.of(node)
            if words.contains(where: { $0.hasPrefix("title") || $0.hasSuffix("title") || $0.hasPrefix("headline") }) {
                return true
            }
            if ["strong", "b"].contains(node.tag) { return true }
        }
        return false
    }

    static func isInside(_ node: Node, _ ancestor: Node) -> Bool {
        var current = node.parent
        var steps = 0
        while let element = current, steps < 64 {
            if element == ancestor { return true }
            current = element.parent
            steps += 1
        }
        return false
    }
}
