/// Translates a parsed selector to one XPath 1.0 expression, as cssselect does for parsel,
/// but matching right to left: the rightmost compound is the node test on the
/// `descendant-or-self` axis, the compounds to its left become predicates on the ancestor
/// and preceding-sibling axes. Results come out in document order without repeats.
///
/// HTML documents (libxml2 lower-cases element and attribute names) match names
/// case-insensitively and the attribute values the HTML Standard §4.16.2 lists; XML
/// documents match everything case-sensitively, by local name.
struct XPathTranslator {
    let isHTML: Bool
    /// Namespace prefixes to URIs for `ns|E` and `[ns|a]`; `""` names the default namespace.
    let namespaces: [String: String]
    /// Set when the expression refers to `$scope`, which the evaluator must bind.
    private(set) var usesScope = false
    /// Set when the expression calls the `trawl-*` functions of `XPathFunctions`.
    private(set) var usesFunctions = false

    init(isHTML: Bool, namespaces: [String: String] = [:]) {
        self.isHTML = isHTML
        self.namespaces = namespaces
    }

    /// The expression selecting, below and including the context node, what `selector` means.
    ///
    /// Each alternative keeps its own walk: a name test (`descendant-or-self::h1`) costs
    /// libxml2 far less than a predicate on every element (`*[self::h1 or self::h2]`).
    mutating func expression(for selector: Selector) -> String {
        selector.alternatives.map { path(for: $0) }.joined(separator: " | ")
    }

    private func suffix(for pseudoElement: PseudoElement?) -> String {
        switch pseudoElement {
        case nil: return ""
        case .text: return "/text()"
        case .attribute(let name): return "/" + attributeAxis(name)
        }
    }

    /// The same selection, from node sets of candidate elements that the evaluator binds
    /// to `$candidates0`, `$candidates1`, … (one per alternative), instead of a walk over the
    /// tree per alternative: each candidate list holds the elements named as the rightmost
    /// compound names (nil: every element) below and including the context node.
    mutating func indexedExpression(for selector: Selector) -> (xpath: String, candidates: [String?]) {
        var paths: [String] = []
        var candidates: [String?] = []
        for (index, alternative) in selector.alternatives.enumerated() {
            let rightmost = split(alternative).0
            paths.append("$candidates\(index)" + predicateAndSuffix(for: alternative))
            candidates.append(rightmost.typeName.map { isHTML ? $0.asciiLowercased : $0 })
        }
        return (paths.joined(separator: " | "), candidates)
    }

    private mutating func path(for selector: ComplexSelector) -> String {
        "descendant-or-self::" + nodeTest(split(selector).0.typeName) + predicateAndSuffix(for: selector)
    }

    /// What follows the rightmost compound's node test: its conditions, what lies to its
    /// left, and the pseudo-element.
    private mutating func predicateAndSuffix(for selector: ComplexSelector) -> String {
        let (rightmost, leftParts) = split(selector)
        let conditions = compoundConditions(rightmost, includingType: false, relation: relationToLeft(leftParts))
        let predicate = conditions.isEmpty ? "" : "[" + conditions.joined(separator: " and ") + "]"
        return predicate + suffix(for: selector.pseudoElement)
    }

    /// The rightmost compound, and what lies to its left (compounds with the combinator after each).
    private func split(_ selector: ComplexSelector) -> (CompoundSelector, [(CompoundSelector, Combinator)]) {
        var compounds = [selector.first] + selector.rest.map(\.1)
        let combinators = selector.rest.map(\.0)
        let rightmost = compounds.removeLast()
        return (rightmost, Array(zip(compounds, combinators)))
    }

    /// A predicate saying that the context element has, to its left, the elements `parts` require.
    private mutating func relationToLeft(_ parts: [(CompoundSelector, Combinator)]) -> String? {
        guard let (compound, combinator) = parts.last else { return nil }
        // A name test on the axis, where the axis allows, is cheaper than a predicate.
        let test = combinator == .nextSibling ? "*[1]" : nodeTest(compound.typeName)
        let conditions = compoundConditions(
            compound, includingType: combinator == .nextSibling, relation: relationToLeft(Array(parts.dropLast())))
        let predicate = conditions.isEmpty ? "" : "[" + conditions.joined(separator: " and ") + "]"
        switch combinator {
        case .descendant: return "ancestor::" + test + predicate
        case .child: return "parent::" + test + predicate
        case .nextSibling: return "preceding-sibling::" + test + predicate
        case .subsequentSibling: return "preceding-sibling::" + test + predicate
        }
    }

    /// A boolean expression: the context element matches `selector` (pseudo-elements ignored).
    mutating func condition(_ selector: ComplexSelector) -> String {
        let (rightmost, leftParts) = split(selector)
        let conditions = compoundConditions(rightmost, includingType: true, relation: relationToLeft(leftParts))
        return conditions.isEmpty ? "true()" : conditions.joined(separator: " and ")
    }

    /// A boolean expression: the context element matches one of `selectors`.
    mutating func condition(anyOf selectors: [ComplexSelector]) -> String {
        guard !selectors.isEmpty else { return "false()" }
        return "(" + selectors.map { "(" + condition($0) + ")" }.joined(separator: " or ") + ")"
    }

    /// The conditions of a compound with `relation` (to what lies to its left) among them,
    /// placed before those that read below the element: libxml2 stops at the first false
    /// term of `and`, so the cheap tests (a name, a class, the parent) filter first and
    /// `div > li:has(a)` reads below the `li`s of such `div`s only, not below every `li`
    /// of the page (on a page nested 2,000 deep, that is quadratic).
    private mutating func compoundConditions(
        _ compound: CompoundSelector, includingType: Bool, relation: String?
    ) -> [String] {
        var cheap = compound
        cheap.conditions.removeAll(where: Self.readsBelow)
        var costly = compound
        costly.namespace = .any
        costly.conditions.removeAll { !Self.readsBelow($0) }
        return compoundConditions(cheap, includingType: includingType) + (relation.map { [$0] } ?? [])
            + compoundConditions(costly, includingType: false)
    }

    /// Whether the condition reads the element's descendants or their text (`:has()`,
    /// `:contains()`, and selectors inside `:not()` or `:is()` that do).
    static func readsBelow(_ condition: SimpleSelector) -> Bool {
        guard case .pseudoClass(let pseudoClass) = condition else { return false }
        switch pseudoClass {
        case .has, .contains:
            return true
        case .not(let selectors), .is(let selectors):
            return selectors.contains { selector in
                ([selector.first] + selector.rest.map(\.1)).contains { $0.conditions.contains(where: readsBelow) }
            }
        default:
            return false
        }
    }

    /// The conditions of a compound, each a boolean XPath expression.
    mutating func compoundConditions(_ compound: CompoundSelector, includingType: Bool) -> [String] {
        var conditions: [String] = []
        if includingType, let name = compound.typeName { conditions.append(typeCondition(name)) }
        if let namespace = namespaceCondition(compound.namespace) { conditions.append(namespace) }
        for simple in compound.conditions {
            switch simple {
            case .id(let id):
                conditions.append("@id = \(literal(id))")
            case .className(let name):
                conditions.append("contains(concat(' ', normalize-space(@class), ' '), \(literal(" \(name) ")))")
            case .attribute(let attribute):
                conditions.append(attributeCondition(attribute))
            case .pseudoClass(let pseudoClass):
                conditions.append(pseudoClassCondition(pseudoClass, typeName: compound.typeName))
            }
        }
        return conditions
    }

    // MARK: - Names

    /// The node test for an element name on an axis (`*` when any element will do).
    func nodeTest(_ typeName: String?) -> String {
        guard let typeName else { return "*" }
        if isHTML, typeName.isXPathName { return typeName.asciiLowercased }
        return "*[" + typeCondition(typeName) + "]"
    }

    /// The context element is named `name`.
    func typeCondition(_ name: String) -> String {
        if isHTML {
            return name.isXPathName ? "self::\(name.asciiLowercased)" : "name() = \(literal(name.asciiLowercased))"
        }
        return "local-name() = \(literal(name))"
    }

    /// The element's namespace as a prefix asks (Selectors Level 3 §6.1.1); nil when any will do.
    /// An undeclared prefix matches nothing.
    func namespaceCondition(_ prefix: NamespacePrefix?) -> String? {
        switch prefix {
        case nil: return namespaces[""].map { "namespace-uri() = \(literal($0))" }
        case .any: return nil
        case .noNamespace: return "namespace-uri() = ''"
        case .named(let name): return namespaces[name].map { "namespace-uri() = \(literal($0))" } ?? "false()"
        }
    }

    /// An attribute's axis step for a namespace prefix; nil when the prefix is undeclared.
    func attributeAxis(_ name: String, namespace: NamespacePrefix?) -> String? {
        let local = isHTML ? name.asciiLowercased : name
        switch namespace {
        case nil, .noNamespace: return attributeAxis(name)
        case .any: return "@*[local-name() = \(literal(local))]"
        case .named(let prefix):
            guard let uri = namespaces[prefix] else { return nil }
            return "@*[local-name() = \(literal(local)) and namespace-uri() = \(literal(uri))]"
        }
    }

    /// `@name`, or a name test that tolerates names XPath cannot spell.
    func attributeAxis(_ name: String) -> String {
        let name = isHTML ? name.asciiLowercased : name
        return name.isXPathName ? "@" + name : "@*[name() = \(literal(name))]"
    }

    // MARK: - Attributes

    private func attributeCondition(_ attribute: AttributeSelector) -> String {
        guard let axis = attributeAxis(attribute.name, namespace: attribute.namespace) else { return "false()" }
        if attribute.op == .exists { return axis }
        let insensitive: Bool
        switch attribute.caseFlag {
        case .insensitive: insensitive = true
        case .sensitive: insensitive = false
        case nil: insensitive = isHTML && Self.caseInsensitiveAttributes.contains(attribute.name.asciiLowercased)
        }
        let value = insensitive ? attribute.value.asciiLowercased : attribute.value
        let string = insensitive ? "translate(\(axis), '\(Self.upper)', '\(Self.lower)')" : axis
        let quoted = literal(value)
        switch attribute.op {
        case .exists:
            return axis
        case .equals:
            return "\(axis) and \(string) = \(quoted)"
        case .notEquals:
            return "not(\(axis) and \(string) = \(quoted))"
        case .includes:
            guard !value.isEmpty, !value.contains(where: \.isCSSWhitespace) else { return "false()" }
            return "\(axis) and contains(concat(' ', normalize-space(\(string)), ' '), \(literal(" \(value) ")))"
        case .dashMatch:
            return "\(axis) and (\(string) = \(quoted) or starts-with(\(string), \(literal(value + "-"))))"
        case .prefix:
            guard !value.isEmpty else { return "false()" }
            return "\(axis) and starts-with(\(string), \(quoted))"
        case .suffix:
            guard !value.isEmpty else { return "false()" }
            let length = value.unicodeScalars.count
            return "\(axis) and substring(\(string), string-length(\(string)) - \(length - 1)) = \(quoted)"
        case .substring:
            guard !value.isEmpty else { return "false()" }
            return "\(axis) and contains(\(string), \(quoted))"
        }
    }

    static let upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    static let lower = "abcdefghijklmnopqrstuvwxyz"

    /// HTML Standard §4.16.2 "Case-sensitivity of selectors": attributes whose values match
    /// ASCII case-insensitively in HTML documents.
    static let caseInsensitiveAttributes: Set<String> = [
        "accept", "accept-charset", "align", "alink", "axis", "bgcolor", "charset", "checked", "clear",
        "codetype", "color", "compact", "declare", "defer", "dir", "direction", "disabled", "enctype", "face",
        "frame", "hreflang", "http-equiv", "lang", "language", "link", "media", "method", "multiple", "nohref",
        "noresize", "noshade", "nowrap", "readonly", "rel", "rev", "rules", "scope", "scrolling", "selected",
        "shape", "target", "text", "type", "valign", "valuetype", "vlink",
    ]

    /// A string literal; XPath 1.0 has no escapes, so mixed quotes become `concat()`.
    func literal(_ value: String) -> String {
        if !value.contains("'") { return "'\(value)'" }
        if !value.contains("\"") { return "\"\(value)\"" }
        let parts = value.split(separator: "'", omittingEmptySubsequences: false).map { "'\($0)'" }
        return "concat(" + parts.joined(separator: ", \"'\", ") + ")"
    }

    mutating func noteScope() { usesScope = true }
    mutating func noteFunctions() { usesFunctions = true }
}

extension String {
    /// Lower-cases ASCII letters only, as HTML's case-insensitive matching does.
    var asciiLowercased: String {
        String(
            String.UnicodeScalarView(
                unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32)! : $0 }))
    }

    /// Whether XPath can spell this as a name test (an NCName).
    var isXPathName: Bool {
        guard let first = unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || $0 == "_" || $0 == "-" || $0 == "." || ("0"..."9").contains($0)
        }
    }
}
