import Foundation
import TrawlHTML

/// An item's title as a reader picks it: the item's heading (and the heading's link), else
/// its most prominent link — never a link whose text is a date ("Posted on September 3,
/// 2019"), a "read more", a comment count, an in-page jump or a link inside running text.
struct ItemTitle {
    /// Where the title's text is: a heading, or the link itself.
    let text: Node
    /// The link the item leads to.
    let link: Node

    /// The item's title and link, or nil when nothing in it reads as one.
    static func find(in item: Node) -> ItemTitle? {
        let links = headlineLinks(in: item)
        guard !links.isEmpty else { return nil }
        // A heading that is or holds one of the links: the title a reader sees first.
        if let headings = try? item.xpath(Self.headingPath) {
            for heading in headings {
                if let link = links.first(where: { $0 == heading || isInside($0, heading) }) {
                    return ItemTitle(text: link, link: link)
                }
                // A card wrapped in its link: the heading inside says the title, not the card's other words.
                if let link = links.first(where: { isInside(heading, $0) }), !heading.text.isEmpty {
                    return ItemTitle(text: heading, link: link)
                }
            }
            // A heading with no link of its own names the item; the item's link leads to it.
            if let heading = headings.first(where: { !$0.text.isEmpty && isHeadline($0.text) }),
                let link = links.first
            {
                return ItemTitle(text: heading, link: link)
            }
        }
        let marked = links.filter(isMarkedAsTitle)
        let pool = marked.isEmpty ? links : marked
        // The most prominent: the longest text, the first on a tie.
        guard let best = pool.max(by: { $0.text.count < $1.text.count }) else { return nil }
        return ItemTitle(text: best, link: best)
    }

    static let headingPath =
        "self::h1 | self::h2 | self::h3 | self::h4 | self::h5 | self::h6"
        + " | .//h1 | .//h2 | .//h3 | .//h4 | .//h5 | .//h6 | .//*[@role='heading']"

    /// The item's links that could be its title, in document order.
    static func headlineLinks(in item: Node) -> [Node] {
        guard let links = try? item.xpath("self::a[@href] | .//a[@href]") else { return [] }
        return links.prefix(40).filter { link in
            let href = (link.attr("href") ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            guard !href.isEmpty, !href.hasPrefix("#"), !href.hasPrefix("javascript:"), !href.hasPrefix("mailto:") else {
                return false
            }
            let text = link.text
            return !text.isEmpty && isHeadline(text) && !isInRunningText(link, within: item)
        }
    }

    /// Whether text could be a headline: not a date, a number, a comment count or a "more".
    static func isHeadline(_ text: String) -> Bool {
        let words = text.lowercased().split { !$0.isLetter && !$0.isNumber }
        guard !words.isEmpty else { return false }
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
