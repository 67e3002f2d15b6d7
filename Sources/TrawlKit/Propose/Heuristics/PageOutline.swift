import Foundation
import TrawlHTML

/// The page's elements below `body` as a flat table, walked once without recursion: each
/// element's tag, classes, parent and children, and the amount of text and links beneath it.
///
/// `ListFinder` groups and ranks candidates on these numbers, so a page's structure is read
/// once however many candidates it has; only the few candidates that pass are looked at
/// again through their nodes. The walk stops at `maxElements` (a hostile page of 100,000
/// siblings gives a table of that size, not more work).
struct PageOutline {
    struct Element {
        let node: Node
        let tag: String
        /// The class names that need no escaping in a selector.
        let classes: [String]
        let parent: Int?
        let depth: Int
        var children: [Int] = []
        /// The characters of text beneath the element, white space runs counted once.
        var textLength = 0
        /// The characters of that text inside links.
        var linkTextLength = 0
        /// The `a[href]` elements beneath it (itself included).
        var linkCount = 0
    }

    static let maxElements = 60_000

    private(set) var elements: [Element] = []
    /// Whether the walk stopped at `maxElements`: the table is then the page's first elements.
    private(set) var isCut = false

    init(document: Document, maxElements: Int = Self.maxElements) {
        guard let body = (try? document.xpath("//body"))?.first else { return }
        // Each entry: the node, its parent's index, its depth, whether a link is around it.
        var stack: [(node: Node, parent: Int?, depth: Int, inLink: Bool)] = [(body, nil, 0, false)]
        while let (node, parent, depth, inLink) = stack.popLast() {
            guard elements.count < maxElements else {
                isCut = true
                break
            }
            let tag = node.tag
            if Self.unseenTags.contains(tag) { continue }
            let index = elements.count
            let isLink = tag == "a" && node.attr("href") != nil
            elements.append(
                Element(
                    node: node, tag: tag, classes: ListFinder.classNames(of: node), parent: parent, depth: depth,
                    linkCount: isLink ? 1 : 0))
            if let parent { elements[parent].children.append(index) }
            var own = 0
            var childElements: [Node] = []
            for child in node.childNodes {
                if child.isText {
                    own += Self.collapsedLength(child.textContent)
                } else {
                    childElements.append(child)
                }
            }
            elements[index].textLength = own
            if inLink || isLink { elements[index].linkTextLength = own }
            // Pushed in reverse so they come off the stack in document order.
            for child in childElements.reversed() {
                stack.append((child, index, depth + 1, inLink || isLink))
            }
        }
        // Children come after their parents: one pass from the end sums each subtree.
        for index in elements.indices.reversed() {
            guard let parent = elements[index].parent else { continue }
            elements[parent].textLength += elements[index].textLength
            elements[parent].linkTextLength += elements[index].linkTextLength
            elements[parent].linkCount += elements[index].linkCount
        }
    }

    /// What a reader never sees as text: left out of the outline with everything inside.
    static let unseenTags: Set<String> = [
        "script", "style", "noscript", "template", "svg", "select", "option", "head", "iframe", "object",
    ]

    /// The length of the text as a reader sees it: each run of white space one character.
    static func collapsedLength(_ text: String) -> Int {
        var length = 0
        var inSpace = true
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                if !inSpace { length += 1 }
                inSpace = true
            } else {
                length += 1
                inSpace = false
            }
        }
        return length
    }
}
