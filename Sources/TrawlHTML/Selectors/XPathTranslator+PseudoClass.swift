extension XPathTranslator {
    /// A boolean expression for a pseudo-class; `typeName` is the compound's element name,
    /// which the `*-of-type` pseudo-classes count among the siblings.
    mutating func pseudoClassCondition(_ pseudoClass: PseudoClass, typeName: String?) -> String {
        switch pseudoClass {
        case .not(let selectors):
            return "not(" + condition(anyOf: selectors) + ")"
        case .is(let selectors):
            return condition(anyOf: selectors)
        case .has(let relatives):
            guard !relatives.isEmpty else { return "false()" }
            return "(" + relatives.map { relativePath($0) }.joined(separator: " or ") + ")"
        case .nthChild(let pattern, let filter, let fromEnd):
            let axis = fromEnd ? "following-sibling" : "preceding-sibling"
            guard let filter else {
                // A function counts siblings without building a node set for every element.
                noteFunctions()
                return nth(pattern, position: fromEnd ? "trawl-child-index-from-end()" : "trawl-child-index()")
            }
            let filterCondition = condition(anyOf: filter)
            return "\(filterCondition) and " + nth(pattern, position: "count(\(axis)::*[\(filterCondition)]) + 1")
        case .nthOfType(let pattern, let fromEnd):
            guard let typeName else {
                noteFunctions()
                return nth(pattern, position: fromEnd ? "trawl-type-index-from-end()" : "trawl-type-index()")
            }
            let axis = (fromEnd ? "following-sibling::" : "preceding-sibling::") + nodeTest(typeName)
            if pattern == NthPattern(a: 0, b: 1) { return "not(\(axis))" }
            return nth(pattern, position: "count(\(axis)) + 1")
        case .onlyChild:
            return "not(preceding-sibling::*[1]) and not(following-sibling::*[1])"
        case .onlyOfType:
            guard let typeName else {
                noteFunctions()
                return "trawl-type-index() = 1 and trawl-type-index-from-end() = 1"
            }
            let test = nodeTest(typeName)
            return "not(preceding-sibling::\(test)) and not(following-sibling::\(test))"
        case .root:
            return "not(parent::*)"
        case .empty:
            return "not(*) and not(text())"
        case .scope:
            noteScope()
            return "count(. | $scope) = 1"
        case .contains(let texts, let ownText):
            let subject = ownText ? "text()[contains(., %@)]" : "contains(string(.), %@)"
            let tests = texts.map { subject.replacingOccurrences(of: "%@", with: literal($0)) }
            return "(" + tests.joined(separator: " or ") + ")"
        case .lang(let ranges):
            return langCondition(ranges)
        case .never:
            return "false()"
        case .defaultControl:
            noteFunctions()
            return "((\(htmlElement("input")) and (\(inputType) = 'checkbox' or \(inputType) = 'radio') and @checked)"
                + " or (\(htmlElement("option")) and @selected)"
                + " or (\(htmlElement("button", "input")) and trawl-default-button()))"
        case .dir(let direction):
            guard direction == "ltr" || direction == "rtl" else { return "false()" }
            noteFunctions()
            let value = direction == "ltr" ? Directionality.Direction.leftToRight : .rightToLeft
            let elements = isHTML ? "true()" : "namespace-uri() = '\(Self.xhtmlNamespace)'"
            return "(\(elements) and trawl-dir() = \(Int(value.rawValue)))"
        case .inRange, .outOfRange:
            noteFunctions()
            let state = pseudoClass == .inRange ? InputRange.State.inRange : .outOfRange
            return "(\(htmlElement("input")) and trawl-range-state() = \(Int(state.rawValue)))"
        case .indeterminate:
            noteFunctions()
            return "(\(htmlElement("input", "progress")) and trawl-indeterminate())"
        default:
            return formCondition(pseudoClass)
        }
    }

    /// `position` is `a*n + b` for some integer n ≥ 0 (Selectors Level 4 §14.1).
    private func nth(_ pattern: NthPattern, position: String) -> String {
        let (a, b) = (pattern.a, pattern.b)
        if a == 0 { return "\(position) = \(b)" }
        // Positions start at 1, so for b ≤ 1 every n ≥ 0 is allowed and one test will do.
        if a > 0, b <= 1 { return "(\(position) + \(-b)) mod \(a) = 0" }
        if a > 0 {
            return "(\(position) >= \(b) and (\(position) - \(b)) mod \(a) = 0)"
        }
        return "(\(position) <= \(b) and (\(b) - (\(position))) mod \(-a) = 0)"
    }

    /// `:has()`'s relative selector as a path from the anchor element; true when it selects anything.
    private mutating func relativePath(_ relative: RelativeSelector) -> String {
        let compounds = [relative.selector.first] + relative.selector.rest.map(\.1)
        let combinators = [relative.combinator] + relative.selector.rest.map(\.0)
        var steps: [String] = []
        for (compound, combinator) in zip(compounds, combinators) {
            let conditions = compoundConditions(compound, includingType: false)
            let predicate = conditions.isEmpty ? "" : "[" + conditions.joined(separator: " and ") + "]"
            let test = nodeTest(compound.typeName)
            switch combinator {
            case .descendant: steps.append("descendant::" + test + predicate)
            case .child: steps.append("child::" + test + predicate)
            case .nextSibling: steps.append("following-sibling::*[1][self::" + test + "]" + predicate)
            case .subsequentSibling: steps.append("following-sibling::" + test + predicate)
            }
        }
        return steps.joined(separator: "/")
    }

    /// `:lang()` (Selectors Level 4 §9.3): RFC 4647 extended filtering needs wildcards
    /// anywhere in the range, so a function of `XPathFunctions` does the matching.
    private mutating func langCondition(_ ranges: [String]) -> String {
        noteFunctions()
        return "trawl-lang(" + ranges.map { literal($0) }.joined(separator: ", ") + ")"
    }
}
