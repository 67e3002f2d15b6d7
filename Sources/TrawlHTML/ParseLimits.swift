import CLibXML2

/// What parsing one document may cost, and what is said when a page goes past it.
public enum ParseLimits {
    /// How deep elements may nest. libxml2's own limit, 256, is reached by ordinary sloppy pages
    /// (every unclosed `<div>` nests the rest of the page one deeper), and everything after
    /// it was silently dropped; 2048 is libxml2 2.11's own bound for huge documents.
    public static let maximumDepth = 2048
    /// The longest text node libxml2 builds in an XML document (`XML_MAX_TEXT_LENGTH`); HTML
    /// has no such limit (see `Document.parseHTML`).
    public static let maximumTextLength = 10_000_000
    /// Attributes kept per element; libxml2's duplicate check is quadratic in their number.
    public static let maximumAttributes = 256

    /// How deep the root element's elements nest (the root counts 1), without recursion.
    static func depth(of document: xmlDocPtr) -> Int {
        guard var node = xmlDocGetRootElement(document) else { return 0 }
        var depth = 1
        var deepest = 1
        while true {
            if node.pointee.type == XML_ELEMENT_NODE {
                deepest = max(deepest, depth)
                if let child = node.pointee.children {
                    node = child
                    depth += 1
                    continue
                }
            }
            while node.pointee.next == nil {
                guard depth > 1, let parent = node.pointee.parent else { return deepest }
                node = parent
                depth -= 1
            }
            guard depth > 1, let next = node.pointee.next else { return deepest }
            node = next
        }
    }

    /// The warnings for a parse: attributes cut, and depth reached.
    static func warnings(cutTags: Int, document: xmlDocPtr) -> [String] {
        var warnings: [String] = []
        if cutTags > 0 {
            warnings.append(
                "\(cutTags) \(cutTags == 1 ? "element has" : "elements have") more than \(maximumAttributes)"
                    + " attributes; those after the \(maximumAttributes)th were dropped")
        }
        if depth(of: document) >= maximumDepth {
            warnings.append(
                "elements nest \(maximumDepth) deep, the most Trawl reads: the rest of the document was not parsed")
        }
        return warnings
    }
}
