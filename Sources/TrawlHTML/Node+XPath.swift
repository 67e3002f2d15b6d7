import CLibXML2
import Foundation

/// An XPath expression that libxml2 would not compile or evaluate.
public struct XPathError: Error, CustomStringConvertible, Sendable {
    public let expression: String
    /// libxml2's own words, e.g. `Invalid expression`.
    public let reason: String

    public var description: String { "invalid XPath expression \"\(expression)\": \(reason)" }
}

extension Node {
    /// The nodes the XPath 1.0 expression selects, with this node as the context node.
    /// Text and attribute nodes come back as nodes too, whose `text` is their value.
    ///
    /// `$scope` is this node and the `trawl-*` functions are there, so what
    /// `Selector.xpath()` prints runs here as `select` runs it.
    public func xpath(_ expression: String) throws -> NodeList {
        try evaluate(expression, scope: true, functions: true)
    }

    /// What the XPath 1.0 expression gives with this node as the context node: its nodes, or
    /// for an expression of another type (`string(h2)`, `count(li)`, `@href = ''`) that value
    /// as XPath's `string()` writes it (XPath 1.0 §4.2: `3`, not `3.0`; `true`).
    public func evaluateXPath(_ expression: String) throws -> XPathResult {
        try document.withXPathContext(functions: true) { context in
            try evaluate(expression, program: nil, scope: true, candidates: [], in: context) { result in
                guard result.pointee.type != XPATH_NODESET else { return nil }
                guard let text = xmlXPathCastToString(result) else { return "" }
                defer { trawl_xml_free(text) }
                return String(cString: text)
            }
        }
    }

    /// The nodes a CSS selector matches below (and including) this node, in document order.
    ///
    /// The selector is compiled once per process (see `Selector`); `:scope` is this node.
    /// `namespaces` maps the prefixes of `ns|E` and `[ns|a]` to URIs, `""` the default one;
    /// without a prefix, elements match by local name in any namespace.
    public func select(_ css: String, namespaces: [String: String] = [:]) throws -> NodeList {
        try select(SelectorCache.shared.compiled(css, isHTML: document.isHTML, namespaces: namespaces))
    }

    /// The nodes a selector compiled for this kind of document matches, as `select(_:namespaces:)`.
    package func select(_ compiled: CompiledSelector) throws -> NodeList {
        assert(compiled.isHTML == document.isHTML, "a selector compiled for the other kind of document")
        // A simple selector walks the tree, even the whole document's: cheaper than building
        // the index for it and evaluating XPath over the candidates.
        if let simple = compiled.simple {
            return NodeList(simple.matches(below: pointer).map { Node(document: document, pointer: $0) })
        }
        // On the whole document, start from the indexed candidates rather than walk the tree.
        if pointer == xmlDocGetRootElement(document.pointer), let index = document.elementIndex {
            let candidates = compiled.candidates.map { index.elements(named: $0) }
            return try evaluate(
                compiled.indexedXPath, program: compiled.indexedProgram, scope: compiled.usesScope,
                functions: compiled.usesFunctions, candidates: candidates)
        }
        return try evaluate(
            compiled.xpath, program: compiled.program, scope: compiled.usesScope, functions: compiled.usesFunctions)
    }

    private func evaluate(
        _ expression: String, program: XPathProgram? = nil, scope: Bool, functions: Bool,
        candidates: [[xmlNodePtr]] = []
    ) throws -> NodeList {
        try document.withXPathContext(functions: functions) { context in
            try evaluate(
                expression, program: program, scope: scope, candidates: candidates, in: context)
        }
    }

    private func evaluate(
        _ expression: String, program: XPathProgram?, scope: Bool, candidates: [[xmlNodePtr]],
        in context: xmlXPathContextPtr
    ) throws -> NodeList {
        let result = try evaluate(
            expression, program: program, scope: scope, candidates: candidates, in: context, value: { _ in nil })
        guard case .nodes(let nodes) = result else { return NodeList([]) }
        return nodes
    }

    /// `value` turns a result that is not a node set into text (nil: no nodes).
    private func evaluate(
        _ expression: String, program: XPathProgram?, scope: Bool, candidates: [[xmlNodePtr]],
        in context: xmlXPathContextPtr, value: (xmlXPathObjectPtr) -> String?
    ) throws -> XPathResult {
        context.pointee.node = pointer
        if scope { xmlXPathRegisterVariable(context, "scope", xmlXPathNewNodeSet(pointer)) }
        for (number, elements) in candidates.enumerated() {
            // The context frees registered variables with itself.
            let set = xmlXPathNodeSetCreate(nil)
            for element in elements { xmlXPathNodeSetAddUnique(set, element) }
            xmlXPathRegisterVariable(context, "candidates\(number)", xmlXPathWrapNodeSet(set))
        }
        let evaluated =
            program.map { xmlXPathCompiledEval($0.pointer, context) } ?? xmlXPathEvalExpression(expression, context)
        guard let result = evaluated else {
            let reason = context.pointee.lastError.message.map { String(cString: $0) } ?? "unknown error"
            xmlResetError(&context.pointee.lastError)
            throw XPathError(
                expression: expression, reason: reason.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        defer { xmlXPathFreeObject(result) }
        if let text = value(result) { return .value(text) }
        guard result.pointee.type == XPATH_NODESET, let set = result.pointee.nodesetval else {
            return .nodes(NodeList([]))
        }
        let count = Int(set.pointee.nodeNr)
        var nodes: [Node] = []
        nodes.reserveCapacity(count)
        for index in 0..<count {
            if let node = set.pointee.nodeTab[index] {
                nodes.append(Node(document: document, pointer: node))
            }
        }
        return .nodes(NodeList(nodes))
    }
}

/// What an XPath expression gives (`Node.evaluateXPath`).
public enum XPathResult: Sendable {
    /// The nodes of a node set, in document order; text and attribute nodes among them.
    case nodes(NodeList)
    /// A string, number or boolean, as XPath's `string()` writes it.
    case value(String)
}

extension Document {
    /// The nodes the XPath expression selects, with the root element as the context node.
    public func xpath(_ expression: String) throws -> NodeList {
        guard let root else { return NodeList([]) }
        return try root.xpath(expression)
    }

    /// The elements (or text, attributes) a CSS selector matches in the whole document.
    public func select(_ css: String, namespaces: [String: String] = [:]) throws -> NodeList {
        guard let root else { return NodeList([]) }
        return try root.select(css, namespaces: namespaces)
    }
}

extension NodeList {
    /// The nodes the selector matches below every node of the list, in order, without repeats.
    public func select(_ css: String, namespaces: [String: String] = [:]) throws -> NodeList {
        try merging { try $0.select(css, namespaces: namespaces) }
    }

    /// The nodes the XPath expression selects from every node of the list, without repeats.
    public func xpath(_ expression: String) throws -> NodeList {
        try merging { try $0.xpath(expression) }
    }

    private func merging(_ query: (Node) throws -> NodeList) rethrows -> NodeList {
        if nodes.count == 1 { return try query(nodes[0]) }
        var seen = Set<UnsafeMutableRawPointer>()
        var result: [Node] = []
        for node in nodes {
            for match in try query(node) where seen.insert(UnsafeMutableRawPointer(match.pointer)).inserted {
                result.append(match)
            }
        }
        return NodeList(result)
    }

    /// The first node, or nil when the list is empty.
    public var first: Node? { nodes.first }
}
