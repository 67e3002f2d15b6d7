import CLibXML2

/// XPath extension functions for what XPath 1.0 cannot say, or says slowly, about the
/// context node.
///
/// `:first-of-type` without an element name (`body :first-of-type`) needs the position
/// among siblings *of the context node's own name*, which XPath 1.0 cannot refer back to
/// inside a predicate; `:nth-child()` written as `count(preceding-sibling::*)` builds a node
/// set for every element tested; `:lang()` needs RFC 4647 matching with wildcards.
enum XPathFunctions {
    static func register(in context: xmlXPathContextPtr) {
        xmlXPathRegisterFunc(context, "trawl-child-index") { parser, _ in
            XPathFunctions.pushIndex(parser, fromEnd: false, sameName: false)
        }
        xmlXPathRegisterFunc(context, "trawl-child-index-from-end") { parser, _ in
            XPathFunctions.pushIndex(parser, fromEnd: true, sameName: false)
        }
        xmlXPathRegisterFunc(context, "trawl-type-index") { parser, _ in
            XPathFunctions.pushIndex(parser, fromEnd: false, sameName: true)
        }
        xmlXPathRegisterFunc(context, "trawl-type-index-from-end") { parser, _ in
            XPathFunctions.pushIndex(parser, fromEnd: true, sameName: true)
        }
        xmlXPathRegisterFunc(context, "trawl-default-button") { parser, _ in
            XPathFunctions.pushTest(parser, FormState.isDefaultButton)
        }
        xmlXPathRegisterFunc(context, "trawl-indeterminate") { parser, _ in
            XPathFunctions.pushTest(parser, FormState.isIndeterminate)
        }
        xmlXPathRegisterFunc(context, "trawl-range-state") { parser, _ in
            guard let parser else { return }
            let state = parser.pointee.context.pointee.node.map(InputRange.state) ?? .notApplicable
            valuePush(parser, xmlXPathNewFloat(state.rawValue))
        }
        xmlXPathRegisterFunc(context, "trawl-dir") { parser, _ in
            guard let parser else { return }
            let direction = parser.pointee.context.pointee.node.map(Directionality.of) ?? .leftToRight
            valuePush(parser, xmlXPathNewFloat(direction.rawValue))
        }
        xmlXPathRegisterFunc(context, "trawl-lang") { parser, count in
            XPathFunctions.pushLanguageMatch(parser, argumentCount: Int(count))
        }
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

    /// Pushes whether `test` holds of the context node.
    private static func pushTest(_ parser: xmlXPathParserContextPtr?, _ test: (xmlNodePtr) -> Bool) {
        guard let parser else { return }
        let holds = parser.pointee.context.pointee.node.map(test) ?? false
        valuePush(parser, xmlXPathNewBoolean(holds ? 1 : 0))
    }

    /// Pushes the context element's 1-based position among its element siblings (only those
    /// with its name when `sameName`), counted from the start or from the end.
    private static func pushIndex(_ parser: xmlXPathParserContextPtr?, fromEnd: Bool, sameName: Bool) {
        guard let parser, let node = parser.pointee.context.pointee.node else { return }
        var count = 1
        var sibling = fromEnd ? node.pointee.next : node.pointee.prev
        while let current = sibling {
            if current.pointee.type == XML_ELEMENT_NODE, !sameName || isSameName(current, node) {
                count += 1
            }
            sibling = fromEnd ? current.pointee.next : current.pointee.prev
        }
        valuePush(parser, xmlXPathNewFloat(Double(count)))
    }

    private static func isSameName(_ first: xmlNodePtr, _ second: xmlNodePtr) -> Bool {
        guard xmlStrEqual(first.pointee.name, second.pointee.name) != 0 else { return false }
        let firstNamespace = first.pointee.ns?.pointee.href
        let secondNamespace = second.pointee.ns?.pointee.href
        return firstNamespace == secondNamespace || xmlStrEqual(firstNamespace, secondNamespace) != 0
    }
}
