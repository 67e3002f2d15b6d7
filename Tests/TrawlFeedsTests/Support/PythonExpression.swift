/// Evaluates the small subset of Python that feedparser's `Expect:` lines use:
/// `not bozo and entries[0]['title'] == u'…'`, chained `==`, `!=`, `and`, `or`, `not`,
/// subscripts, `.attr`, `.get(k)`, `.has_key(k)`, `len(…)`, tuples, dicts, string literals.
///
/// An unknown name or a missing key makes the expression fail, as a KeyError would.
struct PythonExpression {
    struct Unsupported: Error { let reason: String }

    private var tokens: [Token]
    private var position = 0
    private let scope: [String: PythonValue]

    enum Token: Equatable {
        case name(String), string(String), number(Int), symbol(String)
    }

    static func evaluate(_ source: String, in scope: [String: PythonValue]) throws -> Bool {
        var parser = PythonExpression(tokens: try tokenize(source), scope: scope)
        let value = try parser.disjunction()
        guard parser.position == parser.tokens.count else { throw Unsupported(reason: "trailing input") }
        return value.isTruthy
    }

    private init(tokens: [Token], scope: [String: PythonValue]) {
        self.tokens = tokens
        self.scope = scope
    }

    private var current: Token? { position < tokens.count ? tokens[position] : nil }

    private mutating func accept(_ token: Token) -> Bool {
        guard current == token else { return false }
        position += 1
        return true
    }

    private mutating func expect(_ symbol: String) throws {
        guard accept(.symbol(symbol)) else { throw Unsupported(reason: "expected \(symbol)") }
    }

    // MARK: Grammar

    private mutating func disjunction() throws -> PythonValue {
        var value = try conjunction()
        while accept(.name("or")) {
            let right = try conjunction()
            value = value.isTruthy ? value : right
        }
        return value
    }

    private mutating func conjunction() throws -> PythonValue {
        var value = try negation()
        while accept(.name("and")) {
            let right = try negation()
            value = value.isTruthy ? right : value
        }
        return value
    }

    private mutating func negation() throws -> PythonValue {
        if accept(.name("not")) { return .bool(!(try negation()).isTruthy) }
        return try comparison()
    }

    /// `a == b == c` means `a == b and b == c`, as in Python.
    private mutating func comparison() throws -> PythonValue {
        var left = try postfix()
        var result = true
        var compared = false
        while let token = current, token == .symbol("==") || token == .symbol("!=") || token == .name("in") {
            position += 1
            let right = try postfix()
            compared = true
            switch token {
            case .symbol("=="): result = result && left == right
            case .symbol("!="): result = result && left != right
            default:
                if case .string(let needle) = left, case .string(let haystack) = right {
                    result = result && haystack.contains(needle)
                } else if case .list(let values) = right {
                    result = result && values.contains(left)
                } else {
                    throw Unsupported(reason: "in")
                }
            }
            left = right
        }
        return compared ? .bool(result) : left
    }

    private mutating func postfix() throws -> PythonValue {
        var value = try atom()
        while true {
            if accept(.symbol("[")) {
                let key = try disjunction()
                try expect("]")
                value = try subscriptValue(value, key)
            } else if accept(.symbol(".")) {
                guard case .name(let name)? = current else { throw Unsupported(reason: "attribute") }
                position += 1
                if accept(.symbol("(")) {
                    let argument = try disjunction()
                    try expect(")")
                    guard case .dict(let dict) = value, case .string(let key) = argument else {
                        throw Unsupported(reason: name)
                    }
                    switch name {
                    case "get": value = dict[key] ?? .none
                    case "has_key": value = .bool(dict[key] != nil)
                    default: throw Unsupported(reason: name)
                    }
                } else {
                    value = try subscriptValue(value, .string(name))
                }
            } else {
                return value
            }
        }
    }

    private func subscriptValue(_ value: PythonValue, _ key: PythonValue) throws -> PythonValue {
        switch (value, key) {
        case (.dict(let dict), .string(let name)):
            // feedparser's FeedParserDict answers `url` with `href`.
            guard let found = dict[name] ?? (name == "url" ? dict["href"] : nil) else {
                throw Unsupported(reason: "KeyError: \(name)")
            }
            return found
        case (.list(let list), .int(let index)):
            let resolved = index < 0 ? list.count + index : index
            guard list.indices.contains(resolved) else { throw Unsupported(reason: "IndexError: \(index)") }
            return list[resolved]
        default:
            throw Unsupported(reason: "cannot subscript \(value) with \(key)")
        }
    }

    private mutating func atom() throws -> PythonValue {
        guard let token = current else { throw Unsupported(reason: "unexpected end") }
        position += 1
        switch token {
        case .string(var text):
            while case .string(let more)? = current { text += more; position += 1 }
            return .string(text)
        case .number(let number): return .int(number)
        case .name("None"): return .none
        case .name("True"): return .bool(true)
        case .name("False"): return .bool(false)
        case .name("len"):
            try expect("(")
            let argument = try disjunction()
            try expect(")")
            switch argument {
            case .string(let text): return .int(text.count)
            case .list(let values): return .int(values.count)
            case .dict(let values): return .int(values.count)
            default: throw Unsupported(reason: "len")
            }
        case .name(let name):
            guard let value = scope[name] else { throw Unsupported(reason: "name \(name)") }
            return value
        case .symbol("("), .symbol("["):
            let closer = token == .symbol("(") ? ")" : "]"
            var items: [PythonValue] = []
            var isTuple = closer == "]"
            while !accept(.symbol(closer)) {
                items.append(try disjunction())
                if accept(.symbol(",")) { isTuple = true }
            }
            return isTuple ? .list(items) : (items.first ?? .list([]))
        case .symbol("{"):
            var dict: [String: PythonValue] = [:]
            while !accept(.symbol("}")) {
                guard case .string(let key) = try disjunction() else { throw Unsupported(reason: "dict key") }
                try expect(":")
                dict[key] = try disjunction()
                _ = accept(.symbol(","))
            }
            return .dict(dict)
        case .symbol("-"):
            guard case .int(let number) = try atom() else { throw Unsupported(reason: "negation") }
            return .int(-number)
        default:
            throw Unsupported(reason: "token \(token)")
        }
    }
}
