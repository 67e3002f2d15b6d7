import TrawlHTML

/// Copies a parsed page's `body` into `ContentNode`s, leaving out what is never article
/// text (scripts, styles, forms, frames, hidden elements), within `ExtractionLimits`.
struct ContentTreeBuilder {
    let limits: ExtractionLimits
    let budget: TimeBudget

    /// Elements dropped with everything inside them.
    static let dropped: Set<String> = [
        "script", "style", "noscript", "template", "link", "meta", "head", "title", "iframe", "frame", "frameset",
        "object", "embed", "applet", "canvas", "input", "select", "textarea", "button", "option",
        "optgroup", "datalist", "dialog", "svg", "annotation", "annotation-xml", "audio", "video", "source", "track",
        "map", "area",
        "nav", "menu", "base", "param", "output", "progress", "meter", "keygen",
    ]

    enum Stop: Error {
        case tooManyNodes(Int)
        case outOfTime
    }

    /// The body's copy, or the reason the page was too much to read.
    func build(_ document: Document) throws(Stop) -> ContentNode {
        let root = ContentNode(tag: "body")
        guard let html = document.root else { return root }
        let body = html.children.first { $0.tag == "body" } ?? html
        var count = 0
        // The walk keeps (source node, copy's parent) pairs on a stack: no recursion, as
        // hostile pages nest thousands deep.
        var stack: [(Node, ContentNode)] = body.childNodes.reversed().map { ($0, root) }
        while let (node, parent) = stack.popLast() {
            count += 1
            if count > limits.maximumNodes { throw .tooManyNodes(limits.maximumNodes) }
            if count % 4096 == 0, budget.isSpent { throw .outOfTime }
            if node.isText {
                parent.append(ContentNode(tag: "#text", text: node.textContent))
                continue
            }
            let tag = node.tag.lowercased()
            guard !Self.dropped.contains(tag) else { continue }
            let attributes = node.attributes.map { (name: $0.name.lowercased(), value: $0.value) }
            guard !Self.isHidden(attributes) else { continue }
            let copy = ContentNode(tag: tag, attributes: attributes)
            parent.append(copy)
            for child in node.childNodes.reversed() { stack.append((child, copy)) }
        }
        return root
    }

    /// Hidden from every reader: `hidden`, `aria-hidden`, or `display:none` / `visibility:hidden`
    /// inline.
    static func isHidden(_ attributes: [(name: String, value: String)]) -> Bool {
        for (name, value) in attributes {
            switch name {
            case "hidden": return true
            case "aria-hidden" where value.lowercased() == "true": return true
            case "style":
                let style = value.lowercased().filter { !$0.isWhitespace }
                if style.contains("display:none") || style.contains("visibility:hidden") { return true }
            default: continue
            }
        }
        return false
    }
}
