import CLibXML2

/// An XPath expression compiled by libxml2, kept for the life of its `CompiledSelector`:
/// a scraper runs the same few selectors on every item, and parsing the expression again
/// each time was a large part of a scrape. Evaluation only reads it (libxml2 caches a
/// function's address in it, the same address from every thread), so threads share it.
final class XPathProgram: @unchecked Sendable {
    let pointer: xmlXPathCompExprPtr

    /// Nil when libxml2 will not compile `expression`; evaluating the text then says why.
    init?(_ expression: String) {
        guard let pointer = xmlXPathCompile(expression) else {
            xmlResetLastError()
            return nil
        }
        self.pointer = pointer
    }

    deinit {
        xmlXPathFreeCompExpr(pointer)
    }
}
