extension SelectorParser {
    /// Pseudo-classes without arguments, by lower-cased name.
    private static let simplePseudoClasses: [String: PseudoClass] = [
        "first-child": .nthChild(NthPattern(a: 0, b: 1), of: nil, fromEnd: false),
        "last-child": .nthChild(NthPattern(a: 0, b: 1), of: nil, fromEnd: true),
        "only-child": .onlyChild,
        "first-of-type": .nthOfType(NthPattern(a: 0, b: 1), fromEnd: false),
        "last-of-type": .nthOfType(NthPattern(a: 0, b: 1), fromEnd: true),
        "only-of-type": .onlyOfType,
        "root": .root, "empty": .empty, "scope": .scope,
        "link": .link, "any-link": .link,
        "checked": .checked, "disabled": .disabled, "enabled": .enabled,
        "required": .required, "optional": .optional,
        "muted": .muted, "open": .open, "defined": .defined,
        "read-only": .readOnly, "read-write": .readWrite, "placeholder-shown": .placeholderShown,
        "default": .defaultControl, "indeterminate": .indeterminate,
        "in-range": .inRange, "out-of-range": .outOfRange,
    ]

    /// State that only a live browser has: parsed, never matched.
    private static let dynamicPseudoClasses: Set<String> = [
        "visited", "hover", "active", "focus", "focus-visible", "focus-within", "target", "target-within",
        "current", "past", "future", "playing", "paused", "user-invalid", "local-link", "host",
    ]

    /// Pseudo-elements a style sheet may write with one colon (CSS 2); not selectable here.
    private static let legacyPseudoElements: Set<String> = ["before", "after", "first-line", "first-letter"]

    /// The pseudo-class after `:`; leaves `current` on the token after it.
    mutating func parsePseudoClass() throws -> PseudoClass {
        switch current {
        case .ident(let name):
            let lowered = name.lowercased()
            if let pseudoClass = Self.simplePseudoClasses[lowered] {
                try advance()
                return pseudoClass
            }
            if Self.dynamicPseudoClasses.contains(lowered) {
                try advance()
                return .never(lowered)
            }
            if Self.legacyPseudoElements.contains(lowered) {
                throw error(expected: "a pseudo-class (::\(lowered) is a pseudo-element that cannot be selected)")
            }
            throw error(expected: "a supported pseudo-class")
        case .function(let name):
            let lowered = name.lowercased()
            guard nesting < Self.maximumNesting else {
                throw error(expected: "at most \(Self.maximumNesting) nested pseudo-classes")
            }
            try advance()
            nesting += 1
            let pseudoClass = try parseFunctionalPseudoClass(lowered)
            nesting -= 1
            try skipWhitespace()
            guard current == .rightParen else { throw error(expected: "')'") }
            try advance()
            return pseudoClass
        default:
            throw error(expected: "a pseudo-class name after ':'")
        }
    }

    /// The argument of `:name(`; leaves `current` on the closing parenthesis.
    private mutating func parseFunctionalPseudoClass(_ name: String) throws -> PseudoClass {
        switch name {
        case "not":
            try skipWhitespace()
            if current == .rightParen { throw error(expected: "a selector in :not()") }
            return .not(try parseList(forgiving: false))
        case "is", "where", "matches", "-webkit-any", "any":
            return .is(try parseList(forgiving: true))
        case "has":
            try skipWhitespace()
            if current == .rightParen { throw error(expected: "a relative selector in :has()") }
            return .has(try parseRelativeList())
        case "nth-child", "nth-last-child":
            let pattern = try parseNthPattern()
            var filter: [ComplexSelector]?
            if case .ident(let word) = current, word.lowercased() == "of" {
                // The translation repeats S, so nesting `of` multiplies the expression.
                guard nthFilterNesting < Self.maximumNthFilterNesting else {
                    throw error(expected: "at most \(Self.maximumNthFilterNesting) nested ':nth-child(… of S)'")
                }
                try advance()
                try skipWhitespace()
                nthFilterNesting += 1
                filter = try parseList(forgiving: false)
                nthFilterNesting -= 1
            }
            return .nthChild(pattern, of: filter, fromEnd: name == "nth-last-child")
        case "nth-of-type", "nth-last-of-type":
            return .nthOfType(try parseNthPattern(), fromEnd: name == "nth-last-of-type")
        case "contains", "-soup-contains", "-soup-contains-own":
            return .contains(try parseArguments(), ownText: name == "-soup-contains-own")
        case "lang":
            return .lang(try parseArguments())
        case "dir":
            try skipWhitespace()
            guard case .ident(let direction) = current else { throw error(expected: "'ltr' or 'rtl'") }
            try advance()
            return .dir(direction.asciiLowercased)
        case "current", "host", "host-context":
            _ = try parseList(forgiving: false)
            return .never(name)
        default:
            throw error(expected: "a supported pseudo-class")
        }
    }

    /// Comma-separated identifiers or strings, as `:contains()` and `:lang()` take.
    private mutating func parseArguments() throws -> [String] {
        var values: [String] = []
        while true {
            try skipWhitespace()
            switch current {
            case .ident(let value), .string(let value), .number(let value): values.append(value)
            default: throw error(expected: "an identifier or a string")
            }
            try advance()
            try skipWhitespace()
            guard current == .comma else { return values }
            try advance()
        }
    }

    /// `An+B`, `odd` or `even` (CSS Syntax §6), read from the raw characters up to `)` or ` of `.
    /// Leaves `current` on the `)` or on `of`.
    private mutating func parseNthPattern() throws -> NthPattern {
        // `current` was read after `(`; re-read the argument from its first character.
        let characters = tokenizer.characters
        let start = currentStart
        var end = start
        while end < characters.count, characters[end] != ")" {
            if characters[end].isCSSWhitespace, isOfKeyword(at: end + 1) { break }
            end += 1
        }
        let text = String(characters[start..<end]).trimmingWhitespace.lowercased()
        // Positions are compared in XPath's doubles and negated in the translation: numbers
        // beyond any page's size (and Int.min, which cannot be negated) are refused here.
        let outOfRange = SelectorError(
            source: source, column: start + 1,
            expected: "An+B with A and B between \(NthPattern.range.lowerBound) and \(NthPattern.range.upperBound)")
        guard let pattern = NthPattern(text) else {
            let longestNumber = text.split { !$0.isASCIIDigit }.map(\.count).max() ?? 0
            if longestNumber > 10 { throw outOfRange }
            throw SelectorError(source: source, column: start + 1, expected: "An+B, 'odd' or 'even'")
        }
        guard NthPattern.range.contains(pattern.a), NthPattern.range.contains(pattern.b) else { throw outOfRange }
        tokenizer.position = end
        try advance()
        try skipWhitespace()
        return pattern
    }

    private func isOfKeyword(at index: Int) -> Bool {
        let characters = tokenizer.characters
        var index = index
        while index < characters.count, characters[index].isCSSWhitespace { index += 1 }
        guard index + 2 < characters.count else { return false }
        return String(characters[index...index + 1]).lowercased() == "of" && characters[index + 2].isCSSWhitespace
    }
}

extension NthPattern {
    /// The values A and B may take: far beyond the elements of any page, and safe to negate.
    static let range = -1_000_000_000...1_000_000_000

    /// Parses `An+B` (lower-cased, trimmed): `odd`, `even`, `3`, `-n+3`, `2n - 1`.
    init?(_ text: String) {
        switch text {
        case "odd": self.init(a: 2, b: 1); return
        case "even": self.init(a: 2, b: 0); return
        default: break
        }
        guard let nIndex = text.firstIndex(of: "n") else {
            guard let b = Int(text.hasPrefix("+") ? String(text.dropFirst()) : text) else { return nil }
            self.init(a: 0, b: b)
            return
        }
        let coefficient = String(text[..<nIndex])
        let a: Int
        switch coefficient {
        case "", "+": a = 1
        case "-": a = -1
        default:
            guard let value = Int(coefficient.hasPrefix("+") ? String(coefficient.dropFirst()) : coefficient) else {
                return nil
            }
            a = value
        }
        let offset = String(text[text.index(after: nIndex)...]).trimmingWhitespace
        guard !offset.isEmpty else {
            self.init(a: a, b: 0)
            return
        }
        guard let sign = offset.first, sign == "+" || sign == "-" else { return nil }
        let digits = String(offset.dropFirst()).trimmingWhitespace
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let magnitude = Int(digits) else { return nil }
        self.init(a: a, b: sign == "-" ? -magnitude : magnitude)
    }
}

extension String {
    var trimmingWhitespace: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isCSSWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isCSSWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
