/// A parsed CSS selector list (Selectors Level 4 §4), ready to compile to XPath.
///
/// ```swift
/// let selector = try Selector(parsing: "table > tbody > tr:nth-child(2n+1) td::text")
/// ```
public struct Selector: Sendable, Equatable {
    /// The selector as written.
    public let source: String
    /// The comma-separated alternatives.
    package let alternatives: [ComplexSelector]

    /// Parses `source`, throwing a `SelectorError` that says what was expected where.
    public init(parsing source: String) throws {
        self.source = source
        var parser = SelectorParser(source)
        alternatives = try parser.parseSelectorList()
    }
}

/// Compounds joined by combinators, optionally ending in a pseudo-element.
package struct ComplexSelector: Sendable, Equatable {
    /// The leftmost compound and every `(combinator, compound)` after it.
    package var first: CompoundSelector
    package var rest: [(Combinator, CompoundSelector)]
    package var pseudoElement: PseudoElement?

    package static func == (left: ComplexSelector, right: ComplexSelector) -> Bool {
        left.first == right.first && left.pseudoElement == right.pseudoElement
            && left.rest.map(\.0) == right.rest.map(\.0) && left.rest.map(\.1) == right.rest.map(\.1)
    }
}

/// A relative selector (`> p`, `+ .x`, `div a`) as `:has()` takes it: the leading combinator
/// relates the anchor element to the first compound.
package struct RelativeSelector: Sendable, Equatable {
    package var combinator: Combinator
    package var selector: ComplexSelector
}

/// Selectors Level 4 §16.
package enum Combinator: Sendable, Equatable {
    case descendant, child, nextSibling, subsequentSibling
}

/// A namespace prefix as written before `|` (Selectors Level 3 §6.1.1, §6.3.2).
package enum NamespacePrefix: Sendable, Equatable {
    /// `*|`: any namespace or none.
    case any
    /// `|`: no namespace.
    case noNamespace
    /// `prefix|`: the namespace the prefix is declared for.
    case named(String)
}

/// A type selector and simple selectors that all apply to one element.
package struct CompoundSelector: Sendable, Equatable {
    /// Element name as written; nil for `*` or when absent.
    package var typeName: String?
    /// The namespace prefix of the type selector; nil when none was written.
    package var namespace: NamespacePrefix?
    package var conditions: [SimpleSelector] = []
}

package enum SimpleSelector: Sendable, Equatable {
    case id(String)
    case className(String)
    case attribute(AttributeSelector)
    case pseudoClass(PseudoClass)
}

/// Selectors Level 4 §6.
package struct AttributeSelector: Sendable, Equatable {
    package enum Operator: String, Sendable {
        case exists = ""
        case equals = "="
        case includes = "~="
        case dashMatch = "|="
        case prefix = "^="
        case suffix = "$="
        case substring = "*="
        /// soupsieve's `[a!=v]`, the same as `:not([a=v])`.
        case notEquals = "!="
    }

    /// Case flag of §6.3: `i` forces insensitive, `s` sensitive, nil leaves it to the document.
    package enum CaseFlag: Sendable { case insensitive, sensitive }

    package var name: String
    package var op: Operator
    package var value: String
    package var caseFlag: CaseFlag?
    /// nil (like `|`) means an attribute in no namespace.
    package var namespace: NamespacePrefix?
}

/// `An+B` of Selectors Level 4 §14: matches positions `a*n + b` for some n ≥ 0.
package struct NthPattern: Sendable, Equatable {
    package var a: Int
    package var b: Int
}

/// The pseudo-classes Trawl supports. Those about user interaction or time match nothing
/// in a static document; they parse so that selectors copied from style sheets still work.
package enum PseudoClass: Sendable, Equatable {
    case not([ComplexSelector])
    /// `:is()`, `:where()`, `:matches()` (specificity does not matter when selecting).
    case `is`([ComplexSelector])
    case has([RelativeSelector])
    case nthChild(NthPattern, of: [ComplexSelector]?, fromEnd: Bool)
    case nthOfType(NthPattern, fromEnd: Bool)
    case onlyChild, onlyOfType
    case root, empty, scope
    case contains([String], ownText: Bool)
    case lang([String])
    /// `:dir(ltr)`, `:dir(rtl)`; any other value matches nothing.
    case dir(String)
    case link
    case checked, disabled, enabled, required, optional, muted, open, defined
    case readOnly, readWrite, placeholderShown, defaultControl, indeterminate, inRange, outOfRange
    /// User action, time or media state: never true of a parsed page.
    case never(String)
}

/// parsel's pseudo-elements: `::text` selects text nodes, `::attr(name)` attribute values.
package enum PseudoElement: Sendable, Equatable {
    case text
    case attribute(String)
}
