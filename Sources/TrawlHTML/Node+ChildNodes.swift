import CLibXML2

extension Node {
    /// The element and text children, in document order: what a walk over the whole tree
    /// needs (`children` holds elements only). Comments, processing instructions and the
    /// like are left out.
    public var childNodes: [Node] {
        var nodes: [Node] = []
        var child = pointer.pointee.children
        while let current = child {
            let type = current.pointee.type
            if type == XML_ELEMENT_NODE || type == XML_TEXT_NODE || type == XML_CDATA_SECTION_NODE {
                nodes.append(Node(document: document, pointer: current))
            }
            child = current.pointee.next
        }
        return nodes
    }

    /// A text node's own text as it stands in the source; empty for other nodes. Unlike
    /// `rawText`, it never gathers the text of descendants.
    public var textContent: String {
        guard isText, let content = pointer.pointee.content else { return "" }
        return String(cString: content)
    }
}
