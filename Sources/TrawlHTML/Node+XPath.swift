import CLibXML2
import Foundation

/// An XPath expression that libxml2 would not compile or evaluate.
public struct XPathError: Error, CustomStringConvertible, Sendable {
    public let expression: String
    public var description: String { "invalid XPath expression \"\(expression)\"" }
}

extension Node {
    /// The nodes the XPath 1.0 expression selects, with this node as the context node.
    /// Text and attribute nodes come back as nodes too, whose `text` is their value.
    public func xpath(_ expression: String) throws -> NodeList {
        guard let context = xmlXPathNewContext(document.pointer) else { throw XPathError(expression: expression) }
        defer { xmlXPathFreeContext(context) }
        context.pointee.node = pointer
        guard let result = xmlXPathEvalExpression(expression, context) else {
            throw XPathError(expression: expression)
        }
        defer { xmlXPathFreeObject(result) }
        guard result.pointee.type == XPATH_NODESET, let set = result.pointee.nodesetval else {
            return NodeList([])
        }
        let count = Int(set.pointee.nodeNr)
        var nodes: [Node] = []
        nodes.reserveCapacity(count)
        for index in 0..<count {
            if let node = set.pointee.nodeTab[index] {
                nodes.append(Node(document: document, pointer: node))
            }
        }
        return NodeList(nodes)
    }

    /// The nodes a CSS selector matches below (and including) this node.
    public func select(_ css: String) throws -> NodeList {
        try xpath(SelectorCompiler.shared.xpath(for: css))
    }
}

extension Document {
    public func xpath(_ expression: String) throws -> NodeList {
        guard let root else { return NodeList([]) }
        return try root.xpath(expression)
    }

    public func select(_ css: String) throws -> NodeList {
        guard let root else { return NodeList([]) }
        return try root.select(css)
    }
}

extension NodeList {
    /// The nodes the selector matches below every node of the list, in order, without repeats.
    public func select(_ css: String) throws -> NodeList {
        var seen = Set<UnsafeMutableRawPointer>()
        var result: [Node] = []
        for node in nodes {
            for match in try node.select(css) where seen.insert(UnsafeMutableRawPointer(match.pointer)).inserted {
                result.append(match)
            }
        }
        return NodeList(result)
    }

    public var first: Node? { nodes.first }
}
