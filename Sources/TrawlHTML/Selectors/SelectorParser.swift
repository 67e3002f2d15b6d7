/// Reads a selector list into the syntax tree of `Selector.swift` (Selectors Level 4 §3–§17),
/// by recursive descent over `SelectorTokenizer`'s tokens, with one token of look-ahead.
struct SelectorParser {
    var tokenizer: SelectorTokenizer
    let source: String
    private(set) var current: SelectorToken = .end
    private(set) var currentStart = 0
    /// How deep functional pseudo-classes nest here; bounded so the recursion is.
    var nesting = 0
    static let maximumNesting = 32
    /// Bounds on what one selector may hold, far above what pages need, so that neither this
    /// parser nor libxml2's XPath compiler recurses without limit on a hostile selector.
    static let maximumCompounds = 64
    static let maximumAlternatives = 256
    /// `:nth-child(An+B of S)` inside another's S.
    var nthFilterNesting = 0
    static let maximumNthFilterNesting = 3

    init(_ source: String) {
        self.source = source
        tokenizer = SelectorTokenizer(source)
    }

    /// The whole input: a non-empty selector list and nothing after it.
    mutating func parseSelectorList() throws -> [ComplexSelector] {
        try advance()
        try skipWhitespace()
        let list = try parseList(forgiving: false)
        guard current == .end else { throw error(expected: "',' or the end of the selector") }
        return list
    }

    // MARK: - Tokens

    mutating func advance() throws {
        (current, currentStart) = try tokenizer.next()
    }

    mutating func skipWhitespace() throws {
        while current == .whitespace { try advance() }
    }

    /// An error at the current token.
    func error(expected: String) -> SelectorError {
        let found = current == .end ? "" : ", found \(current.spelling)"
        return SelectorError(source: source, column: currentStart + 1, expected: expected + found)
    }

    private var isListEnd: Bool { current == .end || current == .rightParen }

    // MARK: - Lists and complex selectors

    /// Comma-separated complex selectors; a forgiving list (`:is()`, `:where()`) skips empty entries.
    mutating func parseList(forgiving: Bool) throws -> [ComplexSelector] {
        var list: [ComplexSelector] = []
        while true {
            try skipWhitespace()
            if forgiving, current == .comma || isListEnd {
                if isListEnd { return list }
                try advance()
                continue
            }
            guard list.count < Self.maximumAlternatives else {
                throw error(expected: "at most \(Self.maximumAlternatives) selectors in a list")
            }
            list.append(try parseComplex())
            try skipWhitespace()
            guard current == .comma else { return list }
            try advance()
            try skipWhitespace()
            if !forgiving, isListEnd || current == .comma {
                throw error(expected: "a selector after ','")
            }
        }
    }

    /// `:has()`'s list: each entry may start with a combinator.
    mutating func parseRelativeList() throws -> [RelativeSelector] {
        var list: [RelativeSelector] = []
        while true {
            try skipWhitespace()
            var combinator = Combinator.descendant
            if let leading = combinatorAtCurrent() {
                combinator = leading
                try advance()
                try skipWhitespace()
            }
            list.append(RelativeSelector(combinator: combinator, selector: try parseComplex()))
            try skipWhitespace()
            guard current == .comma else { return list }
            try advance()
        }
    }

    private func combinatorAtCurrent() -> Combinator? {
        switch current {
        case .delim(">"): return .child
        case .delim("+"): return .nextSibling
        case .delim("~"): return .subsequentSibling
        default: return nil
        }
    }

    mutating func parseComplex() throws -> ComplexSelector {
        var (first, pseudoElement) = try parseCompound()
        var selector = ComplexSelector(first: first, rest: [], pseudoElement: nil)
        while pseudoElement == nil {
            let hadWhitespace = current == .whitespace
            try skipWhitespace()
            var combinator: Combinator
            if let explicit = combinatorAtCurrent() {
                combinator = explicit
                try advance()
                try skipWhitespace()
            } else if hadWhitespace, !isListEnd, current != .comma {
                combinator = .descendant
            } else {
                break
            }
            (first, pseudoElement) = try parseCompound()
            selector.rest.append((combinator, first))
            guard selector.rest.count < Self.maximumCompounds else {
                throw error(expected: "at most \(Self.maximumCompounds) compound selectors in a row")
            }
        }
        selector.pseudoElement = pseudoElement
        if pseudoElement != nil {
            try skipWhitespace()
            guard isListEnd || current == .comma else {
                throw error(expected: "nothing after a pseudo-element")
            }
        }
        return selector
    }

    // MARK: - Compound selectors

    /// A compound selector and the pseudo-element that may end it.
    mutating func parseCompound() throws -> (CompoundSelector, PseudoElement?) {
        var compound = CompoundSelector()
        var hasPart = false
        switch current {
        case .ident(let name):
            compound.typeName = name
            hasPart = true
            try advance()
        case .delim("*"):
            hasPart = true
            try advance()
        case .delim("&"):
            compound.conditions.append(.pseudoClass(.scope))
            hasPart = true
            try advance()
        default: break
        }
        if current == .delim("|") {
            // Selectors Level 3 §6.1.1: `ns|E`, `*|E`, `|E` (and `*` for E).
            switch (hasPart, compound.typeName) {
            case (false, _): compound.namespace = NamespacePrefix.noNamespace
            case (true, nil): compound.namespace = .any
            case (true, let prefix?): compound.namespace = .named(prefix)
            }
            try advance()
            switch current {
            case .ident(let name): compound.typeName = name
            case .delim("*"): compound.typeName = nil
            default: throw error(expected: "an element name or '*' after '|'")
            }
            hasPart = true
            try advance()
        }
        while true {
            switch current {
            case .hash(let name):
                compound.conditions.append(.id(name))
            case .delim("."):
                try advance()
                guard case .ident(let name) = current else { throw error(expected: "a class name after '.'") }
                compound.conditions.append(.className(name))
            case .leftBracket:
                compound.conditions.append(.attribute(try parseAttribute()))
            case .colon:
                try advance()
                if current == .colon {
                    try advance()
                    let pseudoElement = try parsePseudoElement()
                    return (compound, pseudoElement)
                }
                compound.conditions.append(.pseudoClass(try parsePseudoClass()))
                hasPart = true
                continue
            default:
                guard hasPart else { throw error(expected: "a selector") }
                return (compound, nil)
            }
            hasPart = true
            try advance()
        }
    }

    /// `[name]`, `[name op value flag]`; leaves `current` on the closing bracket.
    private mutating func parseAttribute() throws -> AttributeSelector {
        try advance()
        try skipWhitespace()
        var namespace: NamespacePrefix?
        if current == .delim("*") || current == .delim("|") {
            namespace = current == .delim("*") ? .any : NamespacePrefix.noNamespace
            if current == .delim("*") {
                try advance()
                guard current == .delim("|") else { throw error(expected: "'|' after '*'") }
            }
            try advance()
        }
        guard case .ident(var name) = current else { throw error(expected: "an attribute name") }
        try advance()
        // `ns|name`, told apart from the `|=` operator by the character after the bar.
        if namespace == nil, current == .delim("|"), tokenizer.position < tokenizer.characters.count,
            tokenizer.characters[tokenizer.position] != "="
        {
            try advance()
            guard case .ident(let local) = current else { throw error(expected: "an attribute name after '|'") }
            namespace = .named(name)
            name = local
            try advance()
        }
        try skipWhitespace()
        if current == .rightBracket {
            return AttributeSelector(name: name, op: .exists, value: "", namespace: namespace)
        }
        let op: AttributeSelector.Operator
        switch current {
        case .delim("="):
            op = .equals
        case .delim(let character) where "~|^$*!".contains(character):
            let operatorStart = currentStart
            try advance()
            guard current == .delim("=") else {
                throw SelectorError(source: source, column: operatorStart + 2, expected: "'=' after '\(character)'")
            }
            op = AttributeSelector.Operator(rawValue: "\(character)=")!
        default:
            throw error(expected: "']' or an attribute operator (=, ~=, |=, ^=, $=, *=)")
        }
        try advance()
        try skipWhitespace()
        let value: String
        switch current {
        case .ident(let text), .string(let text), .number(let text): value = text
        default: throw error(expected: "an attribute value (identifier or string)")
        }
        try advance()
        try skipWhitespace()
        var flag: AttributeSelector.CaseFlag?
        if case .ident(let text) = current {
            switch text.lowercased() {
            case "i": flag = .insensitive
            case "s": flag = .sensitive
            default: throw error(expected: "']' or a case flag ('i' or 's')")
            }
            try advance()
            try skipWhitespace()
        }
        guard current == .rightBracket else { throw error(expected: "']'") }
        return AttributeSelector(name: name, op: op, value: value, caseFlag: flag, namespace: namespace)
    }

    /// `::text` or `::attr(name)`; leaves `current` after it.
    private mutating func parsePseudoElement() throws -> PseudoElement {
        switch current {
        case .ident(let name) where name.lowercased() == "text":
            try advance()
            return .text
        case .function(let name) where name.lowercased() == "attr":
            try advance()
            try skipWhitespace()
            guard case .ident(let attribute) = current else { throw error(expected: "an attribute name") }
            try advance()
            try skipWhitespace()
            guard current == .rightParen else { throw error(expected: "')'") }
            try advance()
            return .attribute(attribute)
        default:
            throw error(expected: "'::text' or '::attr(name)' (the only pseudo-elements a scraper can select)")
        }
    }
}
