import CLibXML2

/// Walking a subtree in document order without recursion (deep pages would overflow the
/// stack): the step every tree walk of this module shares.
enum TreeWalk {
    /// The node after `current` within `root`'s subtree once `current`'s children are done
    /// with (or skipped): its next sibling, else the next sibling of its nearest ancestor
    /// below `root`; nil at the end of the subtree.
    static func next(after current: xmlNodePtr, within root: xmlNodePtr) -> xmlNodePtr? {
        var ancestor: xmlNodePtr? = current
        while let up = ancestor, up != root {
            if let next = up.pointee.next { return next }
            ancestor = up.pointee.parent
        }
        return nil
    }

    /// Visits `root` and every node below it in document order, descending only into
    /// elements (an entity reference's children belong to the entity). `visit` may change a
    /// node's children: they are walked after it returns.
    static func visit(from root: xmlNodePtr, _ visit: (xmlNodePtr) -> Void) {
        var node: xmlNodePtr? = root
        while let current = node {
            visit(current)
            if current.pointee.type == XML_ELEMENT_NODE, let child = current.pointee.children {
                node = child
                continue
            }
            node = next(after: current, within: root)
        }
    }

    /// `visit`, also told when each element below `root` is left, its children done:
    /// `visit(node, false)` on the way in, `visit(element, true)` on the way out.
    static func visit(from root: xmlNodePtr, leaving visit: (xmlNodePtr, _ leaving: Bool) -> Void) {
        var node: xmlNodePtr? = root
        while let current = node {
            visit(current, false)
            if current.pointee.type == XML_ELEMENT_NODE, let child = current.pointee.children {
                node = child
                continue
            }
            // Out of `current`, and of each ancestor it was the last of, up to the next sibling.
            node = nil
            var up = current
            while up != root {
                if up.pointee.type == XML_ELEMENT_NODE { visit(up, true) }
                if let next = up.pointee.next {
                    node = next
                    break
                }
                guard let parent = up.pointee.parent else { break }
                up = parent
            }
        }
    }
}
