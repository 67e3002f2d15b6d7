import CLibXML2

/// The selectors scrapers write most — type, `#id`, `.class` and `[attr]` compounds joined
/// by descendant or child combinators (`h2.title a`, `ul.tags > li`) — matched by walking
/// the element's subtree directly, without XPath: run on every item of a list, XPath's
/// per-call set-up and string functions were most of a scrape. It matches exactly what
/// the XPath translation matches: the rightmost compound at or below the element,
/// ancestors anywhere, results in document order. `::text` and `::attr(name)` after such
/// a selector are read off the matched elements as the XPath's `/text()` and `/@name` steps
/// would read them. Anything else is left to XPath.
struct SimpleMatcher: Sendable {
    /// What is selected of each matched element.
    enum Target: Sendable {
        case element
        /// Its text and CDATA children (`::text`).
        case text
        /// Its attribute of this lower-case name, outside any namespace (`::attr(name)`).
        case attribute([UInt8])
    }

    struct Compound: Sendable {
        /// Lower-case element name, or nil for any element.
        var name: [UInt8]?
        var id: [UInt8]?
        var classes: [[UInt8]] = []
        /// Lower-case names of attributes that must be present.
        var attributes: [[UInt8]] = []
    }

    /// Compounds right to left; `childOf[i]` says compound `i` is a child (not merely a
    /// descendant) of compound `i + 1`.
    let compounds: [Compound]
    let childOf: [Bool]
    let target: Target

    /// The matcher for `selector` in an HTML document, or nil when it needs XPath.
    init?(_ selector: Selector) {
        guard selector.alternatives.count == 1, let complex = selector.alternatives.first else { return nil }
        switch complex.pseudoElement {
        case nil: target = .element
        case .text: target = .text
        case .attribute(let name):
            guard name.isXPathName else { return nil }
            target = .attribute(Array(name.asciiLowercased.utf8))
        }
        var compounds: [Compound] = []
        var childOf: [Bool] = []
        for compound in [complex.first] + complex.rest.map(\.1) {
            guard let simple = Self.compound(compound) else { return nil }
            compounds.append(simple)
        }
        for (combinator, _) in complex.rest {
            switch combinator {
            case .descendant: childOf.append(false)
            case .child: childOf.append(true)
            default: return nil
            }
        }
        self.compounds = compounds.reversed()
        self.childOf = childOf.reversed()
    }

    private static func compound(_ compound: CompoundSelector) -> Compound? {
        guard compound.namespace == nil else { return nil }
        var result = Compound()
        if let name = compound.typeName {
            guard name.isXPathName else { return nil }
            result.name = Array(name.asciiLowercased.utf8)
        }
        for condition in compound.conditions {
            switch condition {
            case .id(let id):
                guard result.id == nil else { return nil }
                result.id = Array(id.utf8)
            case .className(let name):
                result.classes.append(Array(name.utf8))
            case .attribute(let attribute):
                guard attribute.op == .exists, attribute.namespace == nil, attribute.name.isXPathName else {
                    return nil
                }
                result.attributes.append(Array(attribute.name.asciiLowercased.utf8))
            case .pseudoClass:
                return nil
            }
        }
        return result
    }

    /// The elements at or below `root` that match — or their text children, or their
    /// attribute, as the target says — in document order.
    func matches(below root: xmlNodePtr) -> [xmlNodePtr] {
        // Read once, out of the loop: taken from `compounds` or `target` per element, each
        // would be copied (its arrays retained and released) on every element of the walk.
        let rightmost = compounds[0]
        var wantsText = false
        var attributeName: [UInt8]?
        switch target {
        case .element: break
        case .text: wantsText = true
        case .attribute(let name): attributeName = name
        }
        var found: [xmlNodePtr] = []
        // `::text`: a text node is selected when its parent matches. Taken node by node in
        // the walk, the text of nested matches comes out in document order, as XPath's does.
        var lastParent: xmlNodePtr?
        var parentMatches = false
        var node: xmlNodePtr? = root
        while let current = node {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                if !wantsText, Self.matches(rightmost, current), matchesLeft(from: 1, above: current) {
                    if let attributeName {
                        if let attribute = Self.attribute(attributeName, of: current) { found.append(attribute) }
                    } else {
                        found.append(current)
                    }
                }
                if let child = current.pointee.children {
                    node = child
                    continue
                }
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if wantsText, current != root, let parent = current.pointee.parent {
                    if parent != lastParent {
                        lastParent = parent
                        parentMatches =
                            parent.pointee.type == XML_ELEMENT_NODE && Self.matches(rightmost, parent)
                            && matchesLeft(from: 1, above: parent)
                    }
                    if parentMatches { found.append(current) }
                }
            default:
                break
            }
            node = TreeWalk.next(after: current, within: root)
        }
        return found
    }

    /// The element's attribute `name` outside any namespace, as XPath's `@name` finds it,
    /// as the node XPath would give for it.
    private static func attribute(_ name: [UInt8], of element: xmlNodePtr) -> xmlNodePtr? {
        var attribute = element.pointee.properties
        while let current = attribute {
            if let own = current.pointee.name, equals(own, name), current.pointee.ns?.pointee.prefix == nil {
                return UnsafeMutableRawPointer(current).assumingMemoryBound(to: xmlNode.self)
            }
            attribute = current.pointee.next
        }
        return nil
    }

    /// Whether compounds `index`… match ancestors of `element` as the combinators say.
    private func matchesLeft(from index: Int, above element: xmlNodePtr) -> Bool {
        guard index < compounds.count else { return true }
        let compound = compounds[index]
        var ancestor = Self.parentElement(of: element)
        while let current = ancestor {
            if Self.matches(compound, current), matchesLeft(from: index + 1, above: current) { return true }
            if childOf[index - 1] { return false }
            ancestor = Self.parentElement(of: current)
        }
        return false
    }

    private static func parentElement(of node: xmlNodePtr) -> xmlNodePtr? {
        guard let parent = node.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return nil }
        return parent
    }

    private static func matches(_ compound: Compound, _ element: xmlNodePtr) -> Bool {
        if let name = compound.name {
            guard let own = element.pointee.name, equals(own, name) else { return false }
        }
        if let id = compound.id {
            guard withAttribute(idName, of: element, { $0.elementsEqual(id) }) == true else { return false }
        }
        if !compound.classes.isEmpty {
            let all = withAttribute(className, of: element) { value in
                compound.classes.allSatisfy { hasToken($0, in: value) }
            }
            guard all == true else { return false }
        }
        for name in compound.attributes where !hasAttribute(name, element) { return false }
        return true
    }

    /// Whether `token` is one of the white-space separated words of `value`, compared in
    /// place: split into arrays, the class test allocated on every element with a class.
    private static func hasToken(_ token: [UInt8], in value: UnsafeBufferPointer<UInt8>) -> Bool {
        token.withUnsafeBufferPointer { token in
            var start = 0
            while start < value.count {
                while start < value.count, isSpace(value[start]) { start += 1 }
                var end = start
                while end < value.count, !isSpace(value[end]) { end += 1 }
                if end - start == token.count, end > start,
                    (0..<token.count).allSatisfy({ value[start + $0] == token[$0] })
                {
                    return true
                }
                start = end
            }
            return false
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static let idName = Array("id".utf8)
    private static let className = Array("class".utf8)

    private static func equals(_ string: UnsafePointer<xmlChar>, _ bytes: [UInt8]) -> Bool {
        for (offset, byte) in bytes.enumerated() where string[offset] != byte { return false }
        return string[bytes.count] == 0
    }

    private static func hasAttribute(_ name: [UInt8], _ element: xmlNodePtr) -> Bool {
        var attribute = element.pointee.properties
        while let current = attribute {
            if let own = current.pointee.name, equals(own, name) { return true }
            attribute = current.pointee.next
        }
        return false
    }

    /// `body` on the value of attribute `name` (ASCII, lower case), or nil when it is absent.
    /// A value held in one text node is read in place; others are joined by libxml2.
    private static func withAttribute(
        _ name: [UInt8], of element: xmlNodePtr, _ body: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Bool? {
        var attribute = element.pointee.properties
        while let current = attribute {
            if let own = current.pointee.name, equals(own, name) {
                if let child = current.pointee.children, child.pointee.next == nil,
                    child.pointee.type == XML_TEXT_NODE, let content = child.pointee.content
                {
                    return body(UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content))))
                }
                guard let value = xmlNodeListGetString(element.pointee.doc, current.pointee.children, 1) else {
                    return body(UnsafeBufferPointer(start: nil, count: 0))
                }
                defer { trawl_xml_free(value) }
                return body(UnsafeBufferPointer(start: value, count: Int(xmlStrlen(value))))
            }
            attribute = current.pointee.next
        }
        return nil
    }
}
