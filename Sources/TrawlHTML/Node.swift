import CLibXML2
import Foundation

/// An element, text or other node of a `Document`; it keeps its document alive.
public struct Node: @unchecked Sendable {
    public let document: Document
    let pointer: xmlNodePtr

    init(document: Document, pointer: xmlNodePtr) {
        self.document = document
        self.pointer = pointer
    }

    public var isElement: Bool { pointer.pointee.type == XML_ELEMENT_NODE }
    public var isText: Bool {
        pointer.pointee.type == XML_TEXT_NODE || pointer.pointee.type == XML_CDATA_SECTION_NODE
    }
    /// An attribute, as `::attr(name)` and XPath's `@name` select; its `tag` is its name.
    public var isAttribute: Bool { pointer.pointee.type == XML_ATTRIBUTE_NODE }

    /// The element's local name, lower-cased for HTML; `#text` for text.
    public var tag: String {
        switch pointer.pointee.type {
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE: return "#text"
        case XML_COMMENT_NODE: return "#comment"
        default: return pointer.pointee.name.map { String(cString: $0) } ?? ""
        }
    }

    /// All the text below this node, as it stands in the source.
    public var rawText: String {
        guard let content = xmlNodeGetContent(pointer) else { return "" }
        defer { trawl_xml_free(content) }
        return String(cString: content)
    }

    /// The text below this node with runs of white space collapsed and the ends trimmed,
    /// collapsed straight from libxml2's bytes.
    public var text: String {
        guard let content = xmlNodeGetContent(pointer) else { return "" }
        defer { trawl_xml_free(content) }
        return CollapsedText.string(UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content))))
    }

    /// The text of this node's own text children, without its descendants' text.
    public var ownText: String {
        var parts: [String] = []
        var child = pointer.pointee.children
        while let current = child {
            let type = current.pointee.type
            if type == XML_TEXT_NODE || type == XML_CDATA_SECTION_NODE, let content = current.pointee.content {
                parts.append(String(cString: content))
            }
            child = current.pointee.next
        }
        return parts.joined().collapsingWhitespace
    }

    /// The value of attribute `name`, or nil. HTML attribute names match case-insensitively.
    public func attr(_ name: String) -> String? {
        guard isElement else { return nil }
        var attribute = pointer.pointee.properties
        while let current = attribute {
            if let attributeName = current.pointee.name,
                String(cString: attributeName).caseInsensitiveEquals(name, when: document.isHTML)
            {
                guard let value = xmlNodeListGetString(document.pointer, current.pointee.children, 1) else {
                    return ""
                }
                defer { trawl_xml_free(value) }
                return String(cString: value)
            }
            attribute = current.pointee.next
        }
        return nil
    }

    /// Every attribute, in document order.
    public var attributes: [(name: String, value: String)] {
        var result: [(String, String)] = []
        var attribute = pointer.pointee.properties
        while let current = attribute {
            let name = current.pointee.name.map { String(cString: $0) } ?? ""
            var value = ""
            if let raw = xmlNodeListGetString(document.pointer, current.pointee.children, 1) {
                value = String(cString: raw)
                trawl_xml_free(raw)
            }
            result.append((name, value))
            attribute = current.pointee.next
        }
        return result
    }

    public var parent: Node? {
        guard let parent = pointer.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return nil }
        return Node(document: document, pointer: parent)
    }

    /// The element children, in document order.
    public var children: NodeList {
        var nodes: [Node] = []
        var child = pointer.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE {
                nodes.append(Node(document: document, pointer: current))
            }
            child = current.pointee.next
        }
        return NodeList(nodes)
    }

    /// The node serialised as markup, itself included.
    /// Without formatting: the markup as parsed, no line breaks added.
    public var outerHTML: String {
        if document.isHTML {
            guard let output = xmlAllocOutputBuffer(nil) else { return "" }
            defer { xmlOutputBufferClose(output) }
            htmlNodeDumpFormatOutput(output, document.pointer, pointer, "UTF-8", 0)
            xmlOutputBufferFlush(output)
            guard let content = xmlOutputBufferGetContent(output) else { return "" }
            return String(
                decoding: UnsafeBufferPointer(start: content, count: Int(xmlOutputBufferGetSize(output))), as: UTF8.self
            )
        }
        guard let buffer = xmlBufferCreate() else { return "" }
        defer { xmlBufferFree(buffer) }
        xmlNodeDump(buffer, document.pointer, pointer, 0, 0)
        return String(cString: xmlBufferContent(buffer))
    }

    /// The markup of the node's children.
    public var innerHTML: String {
        var parts: [String] = []
        var child = pointer.pointee.children
        while let current = child {
            parts.append(Node(document: document, pointer: current).outerHTML)
            child = current.pointee.next
        }
        return parts.joined()
    }
}

extension String {
    func caseInsensitiveEquals(_ other: String, when insensitive: Bool) -> Bool {
        insensitive ? self.lowercased() == other.lowercased() : self == other
    }
}
