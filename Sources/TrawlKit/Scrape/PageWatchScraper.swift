import Foundation
import TrawlHTML

/// A `page` source, urlwatch's and changedetection.io's job: the text of the whole page, or
/// of each element `items` matches, as one item whose `text` field is compared by words.
///
/// `ignore` names parts left out of the text (a date, a visit counter, an advertisement), so
/// what changes on every visit is no news. Scripts, styles and templates are never text. An
/// element's id is its `idField`, else its place on the page (`1`, `2`, …); the whole page's
/// is `page`. Its title is a configured `title` field, else the element's first heading,
/// else the document's title, so a change is told as "Terms of service: text changed",
/// never as "1: text changed"; its URL is the page's, so the change links to where it is.
struct PageWatchScraper {
    let source: SourceConfiguration

    /// The name of the field that holds the watched text.
    static let textField = SourceConfiguration.pageTextField
    /// The id of a whole page's one item.
    static let wholePageID = "page"

    func scrape(_ document: Document, extractor: inout FieldExtractor) throws -> ScrapeResult {
        var ignored: [Node] = []
        for selector in source.ignore {
            ignored += try document.select(selector)
        }
        let whole = source.items == nil
        let elements: [Node]
        if let selector = source.items {
            elements = Array(try document.select(selector))
        } else {
            elements = [try document.select("body").first ?? document.root].compactMap { $0 }
        }
        let builder = ItemBuilder(source: source)
        let pageTitle = try document.select("title").first?.text
        var result = ScrapeResult()
        for (position, node) in elements.enumerated() {
            guard !result.isFull(at: source.maxItems) else {
                result.droppedOverLimit = elements.count - position
                break
            }
            var row = FieldRow(ownID: whole ? Self.wholePageID : String(position + 1))
            for rule in source.fields {
                row.append(rule.name, try extractor.value(of: rule, in: node))
            }
            if row["title"] == nil {
                // A whole page is called what its title says; an element, by its first
                // heading, else by the page it is on.
                let heading = whole ? nil : try node.select("h1, h2, h3, h4, h5, h6").first?.text
                let title = [heading, pageTitle].lazy.compactMap { $0 }.first { !$0.isEmpty }
                row.append("title", title.map { .string($0) })
            }
            if row["url"] == nil {
                // Where the words are read: a change links to the page it is on. The address
                // configured, not where a redirect led, so a moved page is no news.
                row.append("url", .url(source.url))
            }
            if row[Self.textField] == nil {
                row.append(Self.textField, .string(Self.text(of: node, ignoring: ignored)))
            }
            builder.add(row, to: &result)
        }
        return result
    }

    /// Elements whose content is never a page's text.
    static let hidden: Set<String> = ["script", "style", "noscript", "template", "head", "title"]
    /// Elements that start a line of their own: the text keeps a page's paragraphs apart.
    static let blocks = TextBreak.tags

    /// The text under `node` as lines (one per block), white space collapsed, leaving out
    /// hidden elements and the `ignored` ones. A walk with its own stack: a page nested
    /// thousands deep costs no call stack.
    static func text(of node: Node, ignoring ignored: [Node]) -> String {
        var lines: [String] = []
        var line = ""
        func breakLine() {
            let collapsed = line.collapsingWhitespace
            if !collapsed.isEmpty { lines.append(collapsed) }
            line = ""
        }
        // nil marks the end of a block element: its text ends a line.
        var stack: [Node?] = [node]
        while let next = stack.popLast() {
            guard let current = next else {
                breakLine()
                continue
            }
            if current.isText {
                line += current.textContent
                continue
            }
            guard current.isElement, !hidden.contains(current.tag), !ignored.contains(current) else { continue }
            let block = blocks.contains(current.tag)
            if block {
                breakLine()
                stack.append(nil)
            }
            stack += current.childNodes.reversed().map { Optional($0) }
        }
        breakLine()
        return lines.joined(separator: "\n")
    }
}
