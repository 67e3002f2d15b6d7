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
        // A text node's or a one-part attribute's bytes are read in place: `::text` and
        // `::attr()` fields give one such node per item and field.
        if isText {
            guard let content = pointer.pointee.content else { return "" }
            return Self.collapsed(content)
        }
        if isAttribute { return Self.withValue(of: attributePointer, document.pointer, Self.collapsed) }
        if isElement, let text = collapsedElementText() { return text }
        guard let content = xmlNodeGetContent(pointer) else { return "" }
        defer { trawl_xml_free(content) }
        return Self.collapsed(content)
    }

    /// An element's text collapsed straight from its text nodes into one buffer, rather than
    /// joined by `xmlNodeGetContent` first, words parted at a `<br>` or a block's edge inside
    /// it (`TextBreak`) in an HTML document; nil when the subtree holds nodes whose content
    /// libxml2 reads otherwise (entity references), left to it.
    private func collapsedElementText() -> String? {
        var total = 0
        var breaks = 0
        var plain = true
        let root = pointer
        let html = document.isHTML
        TreeWalk.visit(from: root) { node in
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                if html, node != root, let name = node.pointee.name, TextBreak.isBreak(name) { breaks += 1 }
            case XML_COMMENT_NODE, XML_PI_NODE: break
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = node.pointee.content { total += Int(xmlStrlen(content)) }
            default: plain = false
            }
        }
        guard plain else { return nil }
        // Each break parts words once on the way in and once on the way out: a space each at most.
        return String(unsafeUninitializedCapacity: total + 2 * breaks) { output in
            var collapser = CollapsedText.Collapser()
            func append(_ node: xmlNodePtr) {
                let type = node.pointee.type
                guard type == XML_TEXT_NODE || type == XML_CDATA_SECTION_NODE, let content = node.pointee.content else {
                    return
                }
                collapser.append(UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content))), to: output)
            }
            guard breaks > 0 else {
                TreeWalk.visit(from: root, append)
                return collapser.count
            }
            TreeWalk.visit(from: root) { node, _ in
                if node.pointee.type == XML_ELEMENT_NODE {
                    if node != root, let name = node.pointee.name, TextBreak.isBreak(name) { collapser.breakWords() }
                } else {
                    append(node)
                }
            }
            return collapser.count
        }
    }

    private static func collapsed(_ content: UnsafePointer<xmlChar>) -> String {
        CollapsedText.string(UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content))))
    }

    private var attributePointer: xmlAttrPtr {
        UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: xmlAttr.self)
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
        var wanted = name
        let isHTML = document.isHTML
        let found = wanted.withUTF8 { wanted -> xmlAttrPtr? in
            var attribute = pointer.pointee.properties
            while let current = attribute {
                if let own = current.pointee.name, Self.name(own, equals: wanted, caseInsensitive: isHTML) {
                    return current
                }
                attribute = current.pointee.next
            }
            return nil
        }
        return found.map { Self.withValue(of: $0, document.pointer) { String(cString: $0) } }
    }

    /// Whether an attribute's name is `wanted`; ignoring case, as `String.lowercased()`
    /// compares, though without making strings when both names are ASCII.
    private static func name(
        _ own: UnsafePointer<xmlChar>, equals wanted: UnsafeBufferPointer<UInt8>, caseInsensitive: Bool
    ) -> Bool {
        var index = 0
        while index < wanted.count {
            let byte = own[index], other = wanted[index]
            guard byte != 0 else { return false }
            guard byte < 0x80, other < 0x80 else { return slowlyEqual(own, wanted, caseInsensitive) }
            if byte != other {
                guard caseInsensitive, byte | 0x20 == other | 0x20, (byte | 0x20) >= 0x61, (byte | 0x20) <= 0x7A else {
                    return false
                }
            }
            index += 1
        }
        return own[index] == 0
    }

    private static func slowlyEqual(
        _ own: UnsafePointer<xmlChar>, _ wanted: UnsafeBufferPointer<UInt8>, _ caseInsensitive: Bool
    ) -> Bool {
        String(cString: own).caseInsensitiveEquals(String(decoding: wanted, as: UTF8.self), when: caseInsensitive)
    }

    /// `body` on an attribute's value: one text child's bytes in place, else libxml2's join
    /// of its children (as `xmlNodeGetContent` and `xmlNodeListGetString` give it).
    private static func withValue<Result>(
        of attribute: xmlAttrPtr, _ document: xmlDocPtr, _ body: (UnsafePointer<xmlChar>) -> Result
    ) -> Result {
        if let child = attribute.pointee.children, child.pointee.next == nil, child.pointee.type == XML_TEXT_NODE,
            let content = child.pointee.content
        {
            return body(content)
        }
        guard let value = xmlNodeListGetString(document, attribute.pointee.children, 1) else {
            return [xmlChar(0)].withUnsafeBufferPointer { body($0.baseAddress!) }
        }
        defer { trawl_xml_free(value) }
        return body(value)
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
