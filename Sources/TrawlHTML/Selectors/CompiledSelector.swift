/// A selector translated to XPath 1.0 for one kind of document, with what evaluating it needs.
/// Within the package a caller running one selector on many nodes (a scraper's fields, on
/// every item) keeps it, and `Node.select(_:)` runs it without a cache lookup per call. A
/// class, so handing it on retains one object rather than each of its strings and arrays.
package final class CompiledSelector: Sendable {
    /// Compiled for HTML documents (names match case-insensitively), not XML ones.
    let isHTML: Bool
    let xpath: String
    /// The expression reads `$scope`, the element `select` was called on.
    let usesScope: Bool
    /// The expression calls the `trawl-*` extension functions.
    let usesFunctions: Bool
    /// The same selection over candidate node sets, for a whole document whose element
    /// index is at hand (see `XPathTranslator.indexedExpression(for:)`).
    let indexedXPath: String
    /// The element name each `$candidatesN` holds; nil for every element.
    let candidates: [String?]
    /// `xpath` and `indexedXPath` compiled by libxml2 once, rather than on every select.
    let program: XPathProgram?
    let indexedProgram: XPathProgram?
    /// A direct tree walk for the simple selectors (HTML, no namespaces), or nil.
    let simple: SimpleMatcher?

    init(_ selector: Selector, isHTML: Bool, namespaces: [String: String] = [:]) {
        self.isHTML = isHTML
        var translator = XPathTranslator(isHTML: isHTML, namespaces: namespaces)
        xpath = translator.expression(for: selector)
        (indexedXPath, candidates) = translator.indexedExpression(for: selector)
        usesScope = translator.usesScope
        usesFunctions = translator.usesFunctions
        program = XPathProgram(xpath)
        indexedProgram = XPathProgram(indexedXPath)
        simple = isHTML && namespaces.isEmpty ? SimpleMatcher(selector) : nil
    }
}

extension CompiledSelector {
    /// `css` compiled for HTML or XML documents, through the shared cache (`SelectorCache`).
    package static func css(_ css: String, html: Bool) throws -> CompiledSelector {
        try SelectorCache.shared.compiled(css, isHTML: html)
    }
}

extension Selector {
    /// The XPath 1.0 expression this selector compiles to, relative to the node it is applied to.
    ///
    /// - Parameters:
    ///   - html: match as in an HTML document (case-insensitive names), not XML.
    ///   - namespaces: prefixes to namespace URIs for `ns|E`; `""` is the default namespace.
    public func xpath(html: Bool = true, namespaces: [String: String] = [:]) -> String {
        CompiledSelector(self, isHTML: html, namespaces: namespaces).xpath
    }
}
