import CLibXML2

/// Removes references to DOCTYPE-declared entities from a parsed XML tree, and the DOCTYPE's
/// internal subset with them: libxml2 expands such references whenever text is read
/// (`xmlNodeGetContent`, attribute values), which is how "billion laughs" documents explode.
enum XMLEntityStripper {
    static func strip(_ document: xmlDocPtr) {
        var references: [xmlNodePtr] = []
        var node: xmlNodePtr? = xmlDocGetRootElement(document)
        let root = node
        while let current = node {
            if current.pointee.type == XML_ENTITY_REF_NODE {
                references.append(current)
            } else if current.pointee.type == XML_ELEMENT_NODE {
                var attribute = current.pointee.properties
                while let property = attribute {
                    var value = property.pointee.children
                    while let part = value {
                        if part.pointee.type == XML_ENTITY_REF_NODE { references.append(part) }
                        value = part.pointee.next
                    }
                    attribute = property.pointee.next
                }
            }
            // Entity references' children belong to the entity: never descend into them.
            if current.pointee.type == XML_ELEMENT_NODE, let child = current.pointee.children {
                node = child
                continue
            }
            var ancestor: xmlNodePtr? = current
            node = nil
            while let up = ancestor, up != root {
                if let next = up.pointee.next {
                    node = next
                    break
                }
                ancestor = up.pointee.parent
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
