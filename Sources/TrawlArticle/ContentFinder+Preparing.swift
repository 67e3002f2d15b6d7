extension ContentFinder {
    /// Roles that mark an element as page furniture rather than text.
    static let furnitureRoles: Set<String> = [
        "menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog", "banner", "contentinfo",
        "search",
    ]

    /// Walks the body once: takes out boilerplate (by name and role), the byline and the
    /// heading that repeats the title; turns `div`s of running text into paragraphs; and
    /// returns the elements to score, in document order.
    mutating func prepare(_ body: ContentNode) -> [ContentNode] {
        var paragraphs: [ContentNode] = []
        var removedTitle = false
        var stack: [ContentNode] = body.children.reversed()
        while let node = stack.popLast() {
            guard !node.isText else { continue }
            let names = node.classAndID
            if needsByline, byline == nil, isByline(node, names: names) {
                byline = Self.bylineName(in: node)
                node.remove()
                continue
            }
            if !removedTitle, node.tag == "h1" || node.tag == "h2", let title, Self.isSimilar(node.innerText, title) {
                removedTitle = true
                node.remove()
                continue
            }
            if strictness.stripsUnlikely, isUnlikely(node, names: names) {
                node.remove()
                continue
            }
            if Self.furnitureRoles.contains(node.attr("role")?.lowercased() ?? "") {
                node.remove()
                continue
            }
            if ["div", "section", "header", "h1", "h2", "h3", "h4", "h5", "h6"].contains(node.tag), isEmpty(node) {
                node.remove()
                continue
            }
            if node.tag == "div" { makeParagraphs(of: node) }
            if HTMLTags.scored.contains(node.tag) { paragraphs.append(node) }
            stack.append(contentsOf: node.children.reversed())
        }
        return paragraphs
    }

    private func isByline(_ node: ContentNode, names: String) -> Bool {
        let rel = node.attr("rel")?.lowercased() ?? ""
        let itemprop = node.attr("itemprop")?.lowercased() ?? ""
        guard rel == "author" || itemprop.contains("author") || NamePatterns.matches(names, NamePatterns.byline)
        else { return false }
        let length = node.innerText.count
        return length > 0 && length < 100
    }

    /// The name in a byline: the author's own element when the byline marks one (`rel=author`,
    /// `itemprop=author`, its `itemprop=name`), so a date beside it stays out.
    static func bylineName(in byline: ContentNode) -> String {
        let inner = ([byline] + byline.descendants())
        let named = inner.first { ($0.attr("itemprop") ?? "").lowercased().split(separator: " ").contains("name") }
        let author = inner.first {
            $0.attr("rel")?.lowercased() == "author" || ($0.attr("itemprop") ?? "").lowercased().contains("author")
        }
        for node in [named, author].compactMap({ $0 }) where !node.innerText.isEmpty { return node.innerText }
        return byline.innerText
    }

    private func isUnlikely(_ node: ContentNode, names: String) -> Bool {
        guard !["body", "article", "main"].contains(node.tag), !names.isEmpty else { return false }
        // Boilerplate comes in blocks: an inline element (a link, a formula's custom element)
        // is part of the text around it, whatever its name.
        guard !HTMLTags.phrasing.contains(node.tag), !node.tag.contains("-") else { return false }
        guard
            NamePatterns.matches(names, NamePatterns.unlikely) || NamePatterns.hasWord(names, in: ["ad", "ads", "nav"])
        else { return false }
        guard !NamePatterns.matches(names, NamePatterns.maybe) else { return false }
        // Tables and code keep their parts whatever their names.
        var parent = node.parent
        while let current = parent {
            if current.tag == "table" || current.tag == "code" || current.tag == "pre" { return false }
            parent = current.parent
        }
        return true
    }

    /// No text, and no element but line breaks and rules.
    private func isEmpty(_ node: ContentNode) -> Bool {
        node.children.allSatisfy { child in
            child.isText ? child.text.allSatisfy(\.isWhitespace) : child.tag == "br" || child.tag == "hr"
        }
    }

    /// A `div` of running text becomes a `p`; a `div` mixing blocks and loose text gets its
    /// runs of loose text wrapped in `p`s, so they score like the paragraphs they are.
    private func makeParagraphs(of div: ContentNode) {
        guard div.children.contains(where: { !HTMLTags.phrasing.contains($0.tag) }) else {
            if div.children.contains(where: { $0.isText && !$0.text.allSatisfy(\.isWhitespace) || !$0.isText }) {
                div.tag = "p"
            }
            return
        }
        var rebuilt: [ContentNode] = []
        var run: [ContentNode] = []
        func closeRun() {
            defer { run = [] }
            guard run.contains(where: { !$0.isText || !$0.text.allSatisfy(\.isWhitespace) }) else {
                rebuilt += run
                return
            }
            let paragraph = ContentNode(tag: "p")
            for node in run where !(node.tag == "br" && paragraph.children.isEmpty) { paragraph.append(node) }
            paragraph.parent = div
            rebuilt.append(paragraph)
        }
        for child in div.children {
            if HTMLTags.phrasing.contains(child.tag) {
                run.append(child)
            } else {
                closeRun()
                rebuilt.append(child)
            }
        }
        closeRun()
        div.children = rebuilt
    }

    /// Whether a heading says the same as the title: the same words, give or take a few.
    static func isSimilar(_ heading: String, _ title: String) -> Bool {
        let a = words(heading)
        let b = words(title)
        guard !a.isEmpty, !b.isEmpty else { return false }
        let shared = Set(a).intersection(b)
        let missing = b.filter { !shared.contains($0) }.joined(separator: " ").count
        let whole = b.joined(separator: " ").count
        return 1 - Double(missing) / Double(max(whole, 1)) >= 0.75 && Double(a.count) <= Double(b.count) * 1.5
    }

    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}
