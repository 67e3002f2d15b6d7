import Foundation
import TrawlHTML

/// Proposes the fields of a list found by `ListFinder`: `title` and `url` from each item's
/// main link, and, where the items have them, a `date` (with its format and the prefix to
/// strip) and a `summary` paragraph that is not the date.
struct FieldFinder {
    /// The items the fields are tried on: the list's first `maxMembers`.
    let members: [Node]

    /// Items read to choose the fields: every selector is tried on each, so a list of
    /// 100,000 rows costs no more than this many (the fields a list's first thousand items
    /// agree on are its fields).
    static let maxMembers = 1000

    init(members: [Node]) {
        self.members = Array(members.prefix(Self.maxMembers))
    }

    struct Proposal: Equatable {
        var title: String
        var url: String
        var date: DateField?
        var summary: String?
        /// An XPath 1.0 that gives the link, in place of `url`, where the link is beside the item.
        var urlXPath: String? = nil
    }

    struct DateField: Equatable {
        var css: String
        /// Nil when the value is RFC 3339 (a `<time datetime>`).
        var format: String?
        var strip: [String]
    }

    func propose() -> Proposal? {
        guard let first = members.first, let title = ItemTitle.find(in: first),
            let linkSelector = relativeSelector(from: first, to: title.link)
        else { return nil }
        let titleText: String
        if title.text == title.link {
            titleText = titleSelector(link: title.link, linkSelector: linkSelector)
        } else {
            // A heading with no link names the item; the link beside it leads there.
            guard let headingSelector = relativeSelector(from: first, to: title.text) else { return nil }
            titleText = headingSelector
        }
        let date = dateField()
        return Proposal(
            title: titleText, url: "\(linkSelector)::attr(href)", date: date,
            summary: summarySelector(excluding: date), urlXPath: termLink(title: title))
    }

    /// A `dt` and its `dd`s are one item (HTML Standard §4.4.9): where the `dd`'s heading has no
    /// link of its own (an abstract's title, then its authors' links), the term's link names it.
    private func termLink(title: ItemTitle) -> String? {
        guard members.first?.tag == "dd", title.text != title.link else { return nil }
        let xpath = "string(preceding-sibling::dt[1]//a[@href]/@href)"
        let linked = members.filter { member in
            if case .value(let href)? = try? member.evaluateXPath(xpath) { return !href.isEmpty }
            return false
        }
        return Double(linked.count) >= 0.6 * Double(members.count) ? xpath : nil
    }

    // MARK: Title and link

    /// The link itself, its own text (a rank in a child left out), or the child holding the
    /// headline (most of the link's text: an album's name beside its artist's is not it).
    private func titleSelector(link: Node, linkSelector: String) -> String {
        let full = link.text.count
        let own = link.ownText.count
        if own == full { return linkSelector }
        if Double(own) >= 0.6 * Double(full) { return "\(linkSelector)::text" }
        let holders = ((try? link.xpath(".//*")).map(Array.init) ?? [])
            .filter { Double($0.text.count) >= 0.8 * Double(full) }
        // The innermost of the elements holding just the headline (a heading, not its wrapper).
        let shortest = holders.map(\.text.count).min()
        let inner = holders.last { $0.text.count == shortest }
        guard let inner, let innerSelector = relativeSelector(from: link, to: inner) else { return linkSelector }
        return linkSelector == Self.itself ? innerSelector : "\(linkSelector) \(innerSelector)"
    }

    /// The selector of the item itself, for an item that is its own link (a card wrapped in `<a>`).
    static let itself = ":scope"

    /// A selector within `item` whose first match is `node`, checked on most items.
    private func relativeSelector(from item: Node, to node: Node) -> String? {
        if node == item { return Self.itself }
        var parts: [String] = []
        var current: Node? = node
        while let element = current, element != item, parts.count < Self.maxDepth {
            parts.insert(Self.relativePart(of: element), at: 0)
            let selector = parts.joined(separator: " ")
            // The first match must be the node, and alone in the item unless nothing narrower says so.
            if let matches = try? item.select(selector), matches.first == node,
                matches.count == 1 || element.parent == item,
                worksOnMost(selector)
            {
                return selector
            }
            current = element.parent
        }
        return nil
    }

    /// The deepest a field's selector goes within its item: each step is tried on every item,
    /// and a link nested deeper names nothing a person would keep.
    static let maxDepth = 32

    private static func relativePart(of node: Node) -> String {
        if let testID = node.attr("data-testid"), !testID.contains("'") { return "[data-testid='\(testID)']" }
        if let first = ListFinder.classNames(of: node).first { return "\(node.tag).\(first)" }
        return node.tag
    }

    private func worksOnMost(_ selector: String) -> Bool {
        let hits = members.filter { (try? $0.select(selector).first).flatMap { $0 } != nil }.count
        return Double(hits) >= 0.6 * Double(members.count)
    }

    // MARK: Date

    /// Date forms a page writes, as patterns to find them and the format that reads them.
    static let datePatterns: [(regex: String, format: String)] = [
        (#"\d{4}-\d{2}-\d{2}"#, "yyyy-MM-dd"),
        (#"\d{1,2} [A-Z][a-z]{2,8}\.? \d{4}"#, "d MMM yyyy"),
        (#"[A-Z][a-z]{2,8}\.? \d{1,2}, \d{4}"#, "MMM d, yyyy"),
    ]

    /// Text longer than this holds no date field: 40 characters of prefix and the longest
    /// date the patterns match (19), with room to spare.
    static let longestDateText = 100

    private func dateField() -> DateField? {
        guard let first = members.first else { return nil }
        if let time = try? first.select("time[datetime]").first,
            DateText.parse(time.attr("datetime") ?? "", format: nil) != nil
        {
            let field = DateField(css: "time::attr(datetime)", format: nil, strip: [])
            if parses(field) { return field }
        }
        // Each element's text read once (a deeply nested item would read it again at every
        // comparison); the sort is stable, so the order is the same.
        let elements = ((try? first.xpath(".//*[not(self::a)]")).map(Array.init) ?? [])
            .map { element -> (element: Node, text: String, length: Int) in
                let text = element.text
                return (element, text, text.count)
            }
            .sorted { $0.length < $1.length }
        for (element, text, length) in elements {
            // A date ends the text and has at most 40 characters before it: longer text is none.
            guard length <= Self.longestDateText else { break }
            for (regex, format) in Self.datePatterns {
                guard let range = text.range(of: regex, options: .regularExpression), range.upperBound == text.endIndex
                else {
                    continue
                }
                let prefix = String(text[..<range.lowerBound])
                guard prefix.count <= 40, let selector = relativeSelector(from: first, to: element) else { continue }
                let field = DateField(css: selector, format: format, strip: prefix.isEmpty ? [] : [prefix])
                if parses(field) { return field }
            }
        }
        return nil
    }

    /// Whether the field gives a date on most items.
    private func parses(_ field: DateField) -> Bool {
        let dates = members.filter { member in
            guard var text = (try? member.select(field.css).first)?.flatMap({ $0 })?.text else { return false }
            for prefix in field.strip { text = text.replacingOccurrences(of: prefix, with: "") }
            return DateText.parse(text, format: field.format) != nil
        }
        return Double(dates.count) >= 0.6 * Double(members.count)
    }

    // MARK: Summary

    /// The item's paragraph, leaving out a paragraph that holds the date.
    private func summarySelector(excluding date: DateField?) -> String? {
        var selector = "p"
        if let date,
            let dateClass = date.css.split(separator: " ").last.flatMap({ part -> String? in
                guard part.hasPrefix("p.") else { return nil }
                return String(part.dropFirst(2))
            })
        {
            selector = "p:not(.\(dateClass))"
        }
        let summaries = members.filter { member in
            let title = ItemTitle.find(in: member)?.text.text ?? ""
            let texts = ((try? member.select(selector)).map(Array.init) ?? []).map(\.text).filter { !$0.isEmpty }
            guard let text = texts.first else { return false }
            return text.count >= 20 && text != title
        }
        return Double(summaries.count) >= 0.5 * Double(members.count) ? selector : nil
    }
}
