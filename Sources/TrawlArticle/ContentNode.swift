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
        let names = [attr("class"), attr("id")].compactMap { $0 }.filter { !$0.isEmpty }
        return names.isEmpty ? "" : names.joined(separator: " ").lowercased()
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

    /// A text node's length with runs of white space counted as one, worked out once.
    private var ownLength: Int?

    /// The text's length in Unicode scalars, each run of white space one: about
    /// `innerText`'s, without building the string (a hot path: every candidate and every
    /// block the cleaner weighs asks for it).
    var textLength: Int { measure().length }

    /// How many characters of the text are inside links, as a share of all (0 for no text).
    var linkDensity: Double {
        let (length, linked) = measure()
        return length > 0 ? linked / Double(length) : 0
    }

    /// The subtree's text length and its linked part, in one walk. In-page anchors (notes,
    /// a contents list) count for less than links away.
    private func measure() -> (length: Int, linked: Double) {
        var length = 0
        var linked = 0.0
        var stack: [(ContentNode, Double)] = [(self, tag == "a" ? Self.linkWeight(self) : 0)]
        while let (node, weight) = stack.popLast() {
            if node.isText {
                let own = node.collapsedLength
                length += own
                linked += Double(own) * weight
                continue
            }
            for child in node.children {
                let childWeight = weight > 0 ? weight : (child.tag == "a" ? Self.linkWeight(child) : 0)
                stack.append((child, childWeight))
            }
        }
        return (length, linked)
    }

    private static func linkWeight(_ link: ContentNode) -> Double {
        (link.attr("href") ?? "").hasPrefix("#") ? 0.3 : 1
    }

    private var collapsedLength: Int {
        if let ownLength { return ownLength }
        // Letters, plus one for each run of white space between them: white space at the
        // ends (the indentation between tags) counts for nothing, as `innerText` trims it.
        var count = 0
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = count > 0
            } else {
                if pendingSpace { count += 1 }
                count += 1
                pendingSpace = false
            }
        }
        ownLength = count
        return count
    }
}
