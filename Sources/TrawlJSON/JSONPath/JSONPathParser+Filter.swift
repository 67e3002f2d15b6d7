/// Filter expressions (RFC 9535 §2.3.5) and function calls (§2.4), read into one kind of
/// term first and then type-checked where they stand: a test, a side of a comparison, or
/// a function's argument. A query that is not well-typed is an error with its column.
extension JSONPathParser {
    struct Term {
        enum Kind {
            case literal(JSONValue)
            case query(JSONPathQuery)
            case function(FunctionCall)
            /// Parentheses, `!`, `&&`, `||` or a comparison: already a test.
            case logical(LogicalExpression)
        }
        var kind: Kind
        var column: Int
    }

    mutating func logicalExpression() throws(JSONPathError) -> LogicalExpression {
        try logical(orTerm())
    }

    /// `||` binds loosest, then `&&`, then comparisons.
    private mutating func orTerm() throws(JSONPathError) -> Term {
        try joined("||", LogicalExpression.or) { parser throws(JSONPathError) in
            try parser.joined("&&", LogicalExpression.and) { parser throws(JSONPathError) in try parser.comparisonTerm()
            }
        }
    }

    /// Terms read by `operand`, joined by `op` into one test when there are several.
    private mutating func joined(
        _ op: String, _ make: ([LogicalExpression]) -> LogicalExpression,
        _ operand: (inout JSONPathParser) throws(JSONPathError) -> Term
    ) throws(JSONPathError) -> Term {
        let first = try operand(&self)
        var terms = [first]
        while operatorFollows(op) { terms.append(try operand(&self)) }
        guard terms.count > 1 else { return first }
        var tests: [LogicalExpression] = []
        for term in terms { tests.append(try logical(term)) }
        return Term(kind: .logical(make(tests)), column: first.column)
    }

    /// True, past the operator and the blanks after it, when blanks and then `text` follow.
    private mutating func operatorFollows(_ text: String) -> Bool {
        let mark = index
        skipBlanks()
        for scalar in text.unicodeScalars {
            guard take(scalar) else {
                index = mark
                return false
            }
        }
        skipBlanks()
        return true
    }

    private mutating func comparisonTerm() throws(JSONPathError) -> Term {
        let left = try unaryTerm()
        let mark = index
        skipBlanks()
        guard let op = comparisonOperator() else {
            index = mark
            return left
        }
        skipBlanks()
        let right = try unaryTerm()
        let comparison = LogicalExpression.comparison(try comparable(left), op, try comparable(right))
        return Term(kind: .logical(comparison), column: left.column)
    }

    private mutating func comparisonOperator() -> ComparisonOperator? {
        let first = peek
        let second = peek(at: 1)
        let op: ComparisonOperator?
        switch (first, second) {
        case ("=", "="): op = .equal
        case ("!", "="): op = .notEqual
        case ("<", "="): op = .lessOrEqual
        case (">", "="): op = .greaterOrEqual
        case ("<", _): op = .less
        case (">", _): op = .greater
        default: op = nil
        }
        if let op { index += op.rawValue.unicodeScalars.count }
        return op
    }

    private mutating func unaryTerm() throws(JSONPathError) -> Term {
        let column = index
        guard take("!") else { return try primaryTerm() }
        skipBlanks()
        let operand = try primaryTerm()
        if case .literal = operand.kind { throw error("a query, a function or '(' after '!'", at: operand.column) }
        return Term(kind: .logical(.not(try logical(operand))), column: column)
    }

    private mutating func primaryTerm() throws(JSONPathError) -> Term {
        let column = index
        guard let scalar = peek else { throw error("a filter expression") }
        switch scalar {
        case "(":
            index += 1
            try nest()
            skipBlanks()
            let inner = try orTerm()
            skipBlanks()
            try expect(")", "')'")
            depth -= 1
            return Term(kind: .logical(try logical(inner)), column: column)
        case "@", "$":
            try nest()
            defer { depth -= 1 }
            return Term(kind: .query(try query()), column: column)
        case "'", "\"":
            return Term(kind: .literal(.string(try stringLiteral())), column: column)
        case "-", "0"..."9":
            return Term(kind: .literal(try numberLiteral()), column: column)
        case "a"..."z":
            var name = String.UnicodeScalarView()
            while let next = peek, ("a"..."z").contains(next) || ("0"..."9").contains(next) || next == "_" {
                name.append(next)
                index += 1
            }
            let word = String(name)
            if peek == "(" { return Term(kind: .function(try functionCall(word, at: column)), column: column) }
            switch word {
            case "true": return Term(kind: .literal(.bool(true)), column: column)
            case "false": return Term(kind: .literal(.bool(false)), column: column)
            case "null": return Term(kind: .literal(.null), column: column)
            default: throw error("'(' after the function name \"\(word)\"")
            }
        default:
            throw error("a filter expression (a query, a literal, a function, '!' or '(')")
        }
    }

    /// `number`: an `int` or `-0`, then an optional fraction and exponent (§2.3.5.1).
    private mutating func numberLiteral() throws(JSONPathError) -> JSONValue {
        let begin = index
        if peek == "-", peek(at: 1) == "0" {
            index += 2
            if let next = peek, ("0"..."9").contains(next) { throw error("no leading zero", at: begin) }
        } else {
            _ = try integerDigits()
        }
        if take(".") {
            guard let digit = peek, ("0"..."9").contains(digit) else { throw error("a digit after '.'") }
            while let digit = peek, ("0"..."9").contains(digit) { index += 1 }
        }
        if peek == "e" || peek == "E" {
            index += 1
            if peek == "+" || peek == "-" { index += 1 }
            guard let digit = peek, ("0"..."9").contains(digit) else { throw error("a digit in the exponent") }
            while let digit = peek, ("0"..."9").contains(digit) { index += 1 }
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[begin..<index])
        return .number(JSONNumber(text: String(text)))
    }

    /// An `int` of any length (a literal is not bound to I-JSON's range as an index is).
    private mutating func integerDigits() throws(JSONPathError) -> Int {
        let begin = index
        _ = take("-")
        guard let first = peek, ("0"..."9").contains(first) else { throw error("a digit") }
        index += 1
        if first == "0", let next = peek, ("0"..."9").contains(next) { throw error("no leading zero", at: begin) }
        while let digit = peek, ("0"..."9").contains(digit) { index += 1 }
        return index - begin
    }

    private mutating func functionCall(_ name: String, at column: Int) throws(JSONPathError) -> FunctionCall {
        guard let function = JSONPathFunction(rawValue: name) else {
            let known = JSONPathFunction.allCases.map(\.rawValue).joined(separator: ", ")
            throw error("a known function (\(known)), not \"\(name)\"", at: column)
        }
        index += 1  // "("
        try nest()
        skipBlanks()
        var terms: [Term] = []
        if peek != ")" {
            repeat {
                skipBlanks()
                terms.append(try orTerm())
                skipBlanks()
            } while take(",")
        }
        try expect(")", "',' or ')'")
        depth -= 1
        let parameters = function.parameters
        guard terms.count == parameters.count else {
            let count = parameters.count == 1 ? "1 argument" : "\(parameters.count) arguments"
            throw error("\(count) to \(name)(), not \(terms.count)", at: column)
        }
        var arguments: [FunctionArgument] = []
        for (term, parameter) in zip(terms, parameters) { arguments.append(try argument(term, as: parameter)) }
        var call = FunctionCall(function: function, arguments: arguments, regex: nil)
        if function == .match || function == .search, case .value(.literal(let pattern)) = arguments[1],
            let text = pattern.stringValue
        {
            call.regex = CompiledRegex(iRegexp: text, whole: function == .match)
        }
        return call
    }

    // MARK: Types (§2.4.3)

    /// `term` as a test: a query tests that it selects something.
    private func logical(_ term: Term) throws(JSONPathError) -> LogicalExpression {
        switch term.kind {
        case .literal: throw error("a query, a function or a comparison (a literal alone is no test)", at: term.column)
        case .query(let query): return .exists(query)
        case .logical(let expression): return expression
        case .function(let call):
            guard call.function.result != .value else {
                throw error(
                    "a test, not \(call.function.rawValue)(), which gives a value (compare it)", at: term.column)
            }
            return .function(call)
        }
    }

    /// `term` as a side of a comparison: a literal, a singular query or a value function.
    private func comparable(_ term: Term) throws(JSONPathError) -> Comparable {
        switch term.kind {
        case .literal(let value): return .literal(value)
        case .query(let query):
            guard query.isSingular else {
                throw error("a singular query (names and indices only) to compare", at: term.column)
            }
            return .query(query)
        case .function(let call):
            guard call.function.result == .value else {
                throw error(
                    "a value to compare, not \(call.function.rawValue)(), which gives true or false", at: term.column)
            }
            return .function(call)
        case .logical: throw error("a value to compare (a literal, a singular query or a function)", at: term.column)
        }
    }

    private func argument(
        _ term: Term, as parameter: JSONPathFunction.ParameterType
    ) throws(JSONPathError)
        -> FunctionArgument
    {
        switch parameter {
        case .value: return .value(try comparable(term))
        case .logical: return .logical(try logical(term))
        case .nodes:
            guard case .query(let query) = term.kind else { throw error("a query as this argument", at: term.column) }
            return .nodes(query)
        }
    }
}
