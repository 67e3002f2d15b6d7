/// One node of the tree the extractor works on: a copy of the page's body, small and
/// mutable, so candidates can be scored, cut and rewritten without touching the parsed
/// document (libxml2's tree is read-only to the rest of Trawl).
final class ContentNode {
    /// The element's lower-cased name, or `#text`.
    var tag: String
    /// A text node's text, as in the source.
    var text: String
    var attributes: [(name: String, value: String)]
    var children: [ContentNode] = []
    unowned(unsafe) var parent: ContentNode?

    /// The readability score gathered from the paragraphs below, and whether it was set up.
    var score = 0.0
    var isCandidate = false

    init(tag: String, text: String = "", attributes: [(name: String, value: String)] = []) {
        self.tag = tag
        self.text = text
        self.attributes = attributes
    }

    var isText: Bool { tag == "#text" }

    func attr(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    func setAttr(_ name: String, _ value: String) {
        if let index = attributes.firstIndex(where: { $0.name == name }) {
            attributes[index].value = value
        } else {
            attributes.append((name, value))
        }
    }

    func append(_ child: ContentNode) {
        child.parent = self
        children.append(child)
    }

    /// Takes the node out of its parent.
    func remove() {
        guard let parent else { return }
        if let index = parent.children.firstIndex(where: { $0 === self }) {
            parent.children.remove(at: index)
        }
        self.parent = nil
    }

    /// Puts the node's children where it stood, dropping the node itself.
    func unwrap() {
        guard let parent, let index = parent.children.firstIndex(where: { $0 === self }) else { return }
        for child in children { child.parent = parent }
        parent.children.replaceSubrange(index...index, with: children)
        children = []
        self.parent = nil
    }

    /// Class and id together, lower-cased: what the name patterns are matched against.
    var classAndID: String {
        ((attr("class") ?? "") + " " + (attr("id") ?? "")).lowercased()
    }

    /// Every element below the node (not itself), in document order, without recursion.
    func descendants(named names: Set<String>? = nil) -> [ContentNode] {
        var found: [ContentNode] = []
        var stack: [ContentNode] = children.reversed()
        while let node = stack.popLast() {
            guard !node.isText else { continue }
            if names == nil || names!.contains(node.tag) { found.append(node) }
            stack.append(contentsOf: node.children.reversed())
        }
        return found
    }

    /// The node's text, gathered without recursion, runs of white space left as they are.
    var textContent: String {
        if isText { return text }
        var parts: [String] = []
        var stack: [ContentNode] = children.reversed()
        while let node = stack.popLast() {
            if node.isText { parts.append(node.text) } else { stack.append(contentsOf: node.children.reversed()) }
        }
        return parts.joined()
    }

    /// The text with white space collapsed and trimmed.
    var innerText: String {
        textContent.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// How many characters of the text are inside links, as a share of all (0 for no text).
    var linkDensity: Double {
        let length = innerText.count
        guard length > 0 else { return 0 }
        var linked = 0
        for link in descendants(named: ["a"]) {
            let href = link.attr("href") ?? ""
            // In-page anchors (notes, a contents list) count for less than links away.
            let weight = href.hasPrefix("#") ? 0.3 : 1
            linked += Int(Double(link.innerText.count) * weight)
        }
        return Double(linked) / Double(length)
    }
}
