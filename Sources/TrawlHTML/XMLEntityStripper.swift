import CLibXML2

/// Removes references to DOCTYPE-declared entities from a parsed XML tree, and the DOCTYPE's
/// internal subset with them: libxml2 expands such references whenever text is read
/// (`xmlNodeGetContent`, attribute values), which is how "billion laughs" documents explode.
enum XMLEntityStripper {
    static func strip(_ document: xmlDocPtr) {
        var references: [xmlNodePtr] = []
        if let root = xmlDocGetRootElement(document) {
            TreeWalk.visit(from: root) { node in
                if node.pointee.type == XML_ENTITY_REF_NODE {
                    references.append(node)
                } else if node.pointee.type == XML_ELEMENT_NODE {
                    var attribute = node.pointee.properties
                    while let property = attribute {
                        var value = property.pointee.children
                        while let part = value {
                            if part.pointee.type == XML_ENTITY_REF_NODE { references.append(part) }
                            value = part.pointee.next
                        }
                        attribute = property.pointee.next
                    }
                }
            }
        }
        for reference in references {
            xmlUnlinkNode(reference)
            xmlFreeNode(reference)
        }
        if let subset = document.pointee.intSubset {
            xmlUnlinkNode(UnsafeMutableRawPointer(subset).assumingMemoryBound(to: xmlNode.self))
            xmlFreeDtd(subset)
        }
    }
}
