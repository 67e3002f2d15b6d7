import CLibXML2

/// XPath extension functions for what XPath 1.0 cannot say about the context node.
///
/// `:first-of-type` without an element name (`body :first-of-type`) needs the position
/// among siblings *of the context node's own name*, and XPath 1.0 cannot refer back to
/// the context node inside a predicate. `:lang()` needs RFC 4647 matching with wildcards.
enum XPathFunctions {
    static func register(in context: xmlXPathContextPtr) {
        xmlXPathRegisterFunc(
            context, "trawl-type-index",
            { parser, _ in
                XPathFunctions.pushTypeIndex(parser, forward: false)
            })
        xmlXPathRegisterFunc(
            context, "trawl-type-index-from-end",
            { parser, _ in
                XPathFunctions.pushTypeIndex(parser, forward: true)
            })
        xmlXPathRegisterFunc(
            context, "trawl-lang",
            { parser, count in
                XPathFunctions.pushLanguageMatch(parser, argumentCount: Int(count))
            })
    }

    /// Pops `argumentCount` language ranges and pushes whether the context element's language
    /// matches one of them.
    private static func pushLanguageMatch(_ parser: xmlXPathParserContextPtr?, argumentCount: Int) {
        guard let parser else { return }
        var ranges: [String] = []
        for _ in 0..<argumentCount {
            guard let value = xmlXPathPopString(parser) else { continue }
            ranges.append(String(cString: value))
            trawl_xml_free(value)
        }
        var matched = false
        if let node = parser.pointee.context.pointee.node, let language = LanguageRange.language(of: node) {
            matched = ranges.contains { LanguageRange($0).matches(language) }
        }
        valuePush(parser, xmlXPathNewBoolean(matched ? 1 : 0))
    }

    /// Pushes 1 + the number of element siblings before (or after) the context node with its name.
    private static func pushTypeIndex(_ parser: xmlXPathParserContextPtr?, forward: Bool) {
        guard let parser, let node = parser.pointee.context.pointee.node else { return }
        var count = 1
        var sibling = forward ? node.pointee.next : node.pointee.prev
        while let current = sibling {
            if current.pointee.type == XML_ELEMENT_NODE, xmlStrEqual(current.pointee.name, node.pointee.name) != 0,
                current.pointee.ns?.pointee.href == node.pointee.ns?.pointee.href
                    || xmlStrEqual(current.pointee.ns?.pointee.href, node.pointee.ns?.pointee.href) != 0
            {
                count += 1
            }
            sibling = forward ? current.pointee.next : current.pointee.prev
        }
        valuePush(parser, xmlXPathNewFloat(Double(count)))
    }
}
