import CLibXML2
import Foundation

/// A read-only view of one libxml2 element node, valid while its document is alive.
struct Element {
    let node: xmlNodePtr

    /// The local name: `creator` for `dc:creator`.
    var name: String {
        let full = node.pointee.name.map { String(cString: $0) } ?? ""
        if node.pointee.ns == nil, let colon = full.firstIndex(of: ":") {
            return String(full[full.index(after: colon)...])
        }
        return full
    }

    /// The qualified name as written, for messages: `dc:creator`.
    var qualifiedName: String {
        let local = node.pointee.name.map { String(cString: $0) } ?? ""
        guard let prefix = node.pointee.ns?.pointee.prefix else { return local }
        return String(cString: prefix) + ":" + local
    }

    var namespace: XMLNamespace {
        if let ns = node.pointee.ns {
            // Recognising a URI takes a string and a dozen comparisons; remember the answer
            // in the declaration's `_private` slot, which libxml2 leaves to its user.
            if let cached = ns.pointee._private, let known = XMLNamespace(rawValue: Int(bitPattern: cached) - 1) {
                return known
            }
            let namespace = ns.pointee.href.map { XMLNamespace(uri: String(cString: $0)) } ?? .none
            ns.pointee._private = UnsafeMutableRawPointer(bitPattern: namespace.rawValue + 1)
            return namespace
        }
        // An undeclared prefix survives only in a recovered document: guess from the prefix.
        let full = node.pointee.name.map { String(cString: $0) } ?? ""
        if let colon = full.firstIndex(of: ":") {
            return XMLNamespace(prefix: String(full[..<colon]))
        }
        return .none
    }

    /// The namespaces declared on this element (`xmlns` and `xmlns:prefix` attributes).
    var declaredNamespaces: [XMLNamespace] {
        var result: [XMLNamespace] = []
        var declaration = node.pointee.nsDef
        while let current = declaration {
            if let href = current.pointee.href { result.append(XMLNamespace(uri: String(cString: href))) }
            declaration = current.pointee.next
        }
        return result
    }

    var line: Int { Int(xmlGetLineNo(node)) }

    var parent: Element? {
        guard let parent = node.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return nil }
        return Element(node: parent)
    }

    /// The child elements, in document order.
    var children: [Element] {
        var result: [Element] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { result.append(Element(node: current)) }
            child = current.pointee.next
        }
        return result
    }

    /// The first child element with this local name in one of these namespaces.
    func child(_ name: String, in namespaces: [XMLNamespace]) -> Element? {
        children.first { $0.name == name && namespaces.contains($0.namespace) }
    }

    /// The value of an attribute, matched by local name; `namespace` nil matches an
    /// attribute without one.
    func attribute(_ name: String, namespace: XMLNamespace? = nil) -> String? {
        var property = node.pointee.properties
        while let attribute = property {
            defer { property = attribute.pointee.next }
            guard let attributeName = attribute.pointee.name, String(cString: attributeName) == name else { continue }
            let attributeNamespace = attribute.pointee.ns?.pointee.href.map { XMLNamespace(uri: String(cString: $0)) }
            guard attributeNamespace == namespace else { continue }
            var value = ""
            var child = attribute.pointee.children
            while let text = child {
                if let content = text.pointee.content { value += String(cString: content) }
                child = text.pointee.next
            }
            return value
        }
        return nil
    }

    /// True when the element has element children (markup inside, as in an XHTML `div`).
    var hasElementChildren: Bool {
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { return true }
            child = current.pointee.next
        }
        return false
    }
}
