import CLibXML2

/// Gives libxml2's HTML tree the shape a browser's has where selectors depend on it
/// (HTML Standard §13.2.6): `html` with `head` and `body`, and every table row inside a
/// row group, since libxml2 leaves the implied `tbody` out and `table > tbody > tr`, copied
/// from DevTools, would match nothing.
enum HTMLTreeRepair {
    static func repair(_ document: xmlDocPtr) {
        let html = ensureRoot(document)
        ensureHeadAndBody(html, document: document)
        wrapTableRows(below: html, document: document)
    }

    private static func ensureRoot(_ document: xmlDocPtr) -> xmlNodePtr {
        if let root = xmlDocGetRootElement(document), name(root) == "html" { return root }
        let html = xmlNewDocNode(document, nil, "html", nil)!
        if let root = xmlDocGetRootElement(document) {
            // Something other than html at the top: keep it, inside a body.
            xmlReplaceNode(root, html)
            let body = xmlNewDocNode(document, nil, "body", nil)!
            xmlAddChild(html, body)
            xmlAddChild(body, root)
        } else {
            xmlAddChild(UnsafeMutableRawPointer(document).assumingMemoryBound(to: xmlNode.self), html)
        }
        return html
    }

    private static func ensureHeadAndBody(_ html: xmlNodePtr, document: xmlDocPtr) {
        let elements = children(of: html)
        if !elements.contains(where: { name($0) == "head" }) {
            let head = xmlNewDocNode(document, nil, "head", nil)!
            if let first = html.pointee.children {
                xmlAddPrevSibling(first, head)
            } else {
                xmlAddChild(html, head)
            }
        }
        if !elements.contains(where: { name($0) == "body" || name($0) == "frameset" }) {
            xmlAddChild(html, xmlNewDocNode(document, nil, "body", nil))
        }
    }

    /// Walks the tree without recursion (pages nest deep) and wraps each run of `tr`
    /// children of a `table` in a new `tbody`.
    private static func wrapTableRows(below root: xmlNodePtr, document: xmlDocPtr) {
        TreeWalk.visit(from: root) { node in
            if node.pointee.type == XML_ELEMENT_NODE, isNamed(node, "table") {
                wrapRows(of: node, document: document)
            }
        }
    }

    private static func wrapRows(of table: xmlNodePtr, document: xmlDocPtr) {
        var child = table.pointee.children
        while let current = child {
            guard current.pointee.type == XML_ELEMENT_NODE, isNamed(current, "tr") else {
                child = current.pointee.next
                continue
            }
            let body = xmlNewDocNode(document, nil, "tbody", nil)!
            xmlAddPrevSibling(current, body)
            // Move this row and every following row, with the space and comments between them.
            var moving: xmlNodePtr? = current
            while let row = moving, continuesRowRun(row) {
                let next = row.pointee.next
                xmlUnlinkNode(row)
                xmlAddChild(body, row)
                moving = next
            }
            child = moving
        }
    }

    /// Whether `node` belongs in the row group being built: a `tr`, or text or a comment
    /// that another `tr` follows.
    private static func continuesRowRun(_ node: xmlNodePtr) -> Bool {
        if node.pointee.type == XML_ELEMENT_NODE { return isNamed(node, "tr") }
        var next = node.pointee.next
        while let sibling = next, sibling.pointee.type != XML_ELEMENT_NODE { next = sibling.pointee.next }
        guard let following = next else { return false }
        return isNamed(following, "tr") && (node.pointee.type == XML_TEXT_NODE || node.pointee.type == XML_COMMENT_NODE)
    }

    private static func children(of node: xmlNodePtr) -> [xmlNodePtr] {
        var result: [xmlNodePtr] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { result.append(current) }
            child = current.pointee.next
        }
        return result
    }

    /// Compares names without making a Swift string: this runs for every element of every page.
    static func isNamed(_ node: xmlNodePtr, _ name: String) -> Bool {
        xmlStrEqual(node.pointee.name, name) != 0
    }

    static func name(_ node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }
}
