/// A selector translated to XPath 1.0 for one kind of document, with what evaluating it needs.
struct CompiledSelector: Sendable {
    let xpath: String
    /// The expression reads `$scope`, the element `select` was called on.
    let usesScope: Bool
    /// The expression calls the `trawl-*` extension functions.
    let usesFunctions: Bool

    init(_ selector: Selector, isHTML: Bool) {
        var translator = XPathTranslator(isHTML: isHTML)
        xpath = translator.expression(for: selector)
        usesScope = translator.usesScope
        usesFunctions = translator.usesFunctions
    }
}

extension Selector {
    /// The XPath 1.0 expression this selector compiles to, relative to the node it is applied to.
    ///
    /// - Parameter html: match as in an HTML document (case-insensitive names), not XML.
    public func xpath(html: Bool = true) -> String {
        CompiledSelector(self, isHTML: html).xpath
    }
}
