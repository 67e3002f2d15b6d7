/// Evaluates a compiled query on one document (RFC 9535 §2.5–2.6), counting every node it
/// visits and every node it selects against `JSONPath`'s bounds.
///
/// Nodes carry a path only when normalized paths were asked for; a filter's own queries
/// never need one.
final class JSONPathEvaluator {
    struct Node {
        var value: JSONValue
        var path: NormalizedPath?
    }

    struct LimitReached: Error {
        let limit: String
    }

    let root: JSONValue
    let tracksPaths: Bool
    let maximumVisits: Int
    private var visits = 0
    /// Patterns that were not literals, compiled once per evaluation.
    private var regexes: [String: CompiledRegex] = [:]
    /// What is left of the query's bound on regular-expression work (`CompiledRegex.matches`).
    private var regexTicks = CompiledRegex.tickBudget

    init(root: JSONValue, tracksPaths: Bool, maximumVisits: Int = JSONPath.maximumVisits) {
        self.root = root
        self.tracksPaths = tracksPaths
        self.maximumVisits = maximumVisits
    }

    func evaluate(_ query: JSONPathQuery, current: JSONValue) throws(LimitReached) -> [Node] {
        try evaluate(query, current: current, paths: tracksPaths)
    }

    private func evaluate(_ query: JSONPathQuery, current: JSONValue, paths: Bool) throws(LimitReached) -> [Node] {
        var nodes = [Node(value: query.isRelative ? current : root, path: nil)]
        for segment in query.segments {
            var next: [Node] = []
            for node in nodes {
                if segment.isDescendant {
                    try descend(node, segment.selectors, paths: paths, into: &next)
                } else {
                    for selector in segment.selectors { try apply(selector, to: node, paths: paths, into: &next) }
                }
            }
            nodes = next
            if nodes.isEmpty { break }
        }
        return nodes
    }

    private func visit() throws(LimitReached) {
        visits += 1
        if visits > maximumVisits { throw LimitReached(limit: "\(maximumVisits) nodes visited") }
    }

    private func append(_ node: Node, to nodes: inout [Node]) throws(LimitReached) {
        nodes.append(node)
        if nodes.count > JSONPath.maximumNodes { throw LimitReached(limit: "\(JSONPath.maximumNodes) nodes selected") }
    }

    private func child(_ value: JSONValue, of node: Node, _ step: NormalizedPath.Step, paths: Bool) -> Node {
        Node(value: value, path: paths ? NormalizedPath(parent: node.path, step: step) : nil)
    }

    /// The input node and its descendants, each before its own descendants, arrays in order.
    private func descend(
        _ node: Node, _ selectors: [JSONPathSelector], paths: Bool, into nodes: inout [Node]
    ) throws(LimitReached) {
        try visit()
        for selector in selectors { try apply(selector, to: node, paths: paths, into: &nodes) }
        switch node.value.content {
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                try descend(
                    child(element, of: node, .index(index), paths: paths), selectors, paths: paths, into: &nodes)
            }
        case .object(let members):
            for member in members {
                try descend(
                    child(member.value, of: node, .name(member.key), paths: paths), selectors, paths: paths,
                    into: &nodes)
            }
        default: break
        }
    }

    private func apply(
        _ selector: JSONPathSelector, to node: Node, paths: Bool, into nodes: inout [Node]
    ) throws(LimitReached) {
        switch selector {
        case .name(let name):
            // Names compare scalar by scalar (§2.3.1.2), not by Swift's canonical equivalence.
            guard let members = node.value.objectValue,
                let member = members.last(where: { $0.key.utf8.elementsEqual(name.utf8) })
            else { return }
            try append(child(member.value, of: node, .name(member.key), paths: paths), to: &nodes)
        case .wildcard:
            try forEachChild(of: node, paths: paths) { child throws(LimitReached) in try append(child, to: &nodes) }
        case .index(let index):
            guard let elements = node.value.arrayValue else { return }
            let position = index < 0 ? elements.count + index : index
            guard position >= 0, position < elements.count else { return }
            try append(child(elements[position], of: node, .index(position), paths: paths), to: &nodes)
        case .slice(let start, let end, let step):
            guard let elements = node.value.arrayValue else { return }
            for position in Self.slice(count: elements.count, start: start, end: end, step: step ?? 1) {
                try visit()
                try append(child(elements[position], of: node, .index(position), paths: paths), to: &nodes)
            }
        case .filter(let expression):
            try forEachChild(of: node, paths: paths) { child throws(LimitReached) in
                if try test(expression, current: child.value) { try append(child, to: &nodes) }
            }
        }
    }

    private func forEachChild(
        of node: Node, paths: Bool, _ body: (Node) throws(LimitReached) -> Void
    ) throws(LimitReached) {
        switch node.value.content {
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                try visit()
                try body(child(element, of: node, .index(index), paths: paths))
            }
        case .object(let members):
            for member in members {
                try visit()
                try body(child(member.value, of: node, .name(member.key), paths: paths))
            }
        default: break
        }
    }

    /// The indices a slice selects (§2.3.4.2.2), in the order it selects them.
    static func slice(count: Int, start: Int?, end: Int?, step: Int) -> StrideTo<Int> {
        guard step != 0 else { return stride(from: 0, to: 0, by: 1) }
        func normalized(_ index: Int) -> Int { index >= 0 ? index : count + index }
        if step > 0 {
            let lower = min(max(normalized(start ?? 0), 0), count)
            let upper = min(max(normalized(end ?? count), 0), count)
            return stride(from: lower, to: upper, by: step)
        }
        let upper = min(max(start.map(normalized) ?? count - 1, -1), count - 1)
        let lower = min(max(end.map(normalized) ?? -1, -1), count - 1)
        return stride(from: upper, to: lower, by: step)
    }

    // MARK: Filters

    func test(_ expression: LogicalExpression, current: JSONValue) throws(LimitReached) -> Bool {
        switch expression {
        case .or(let tests):
            for test in tests where try self.test(test, current: current) { return true }
            return false
        case .and(let tests):
            for test in tests where !(try self.test(test, current: current)) { return false }
            return true
        case .not(let test): return !(try self.test(test, current: current))
        case .comparison(let left, let op, let right):
            return JSONPathComparison.compare(
                try value(left, current: current), op, try value(right, current: current))
        case .exists(let query): return !(try evaluate(query, current: current, paths: false).isEmpty)
        case .function(let call): return try logical(call, current: current)
        }
    }

    /// A comparable's value, or nil for Nothing (a query that selects no node).
    private func value(_ comparable: Comparable, current: JSONValue) throws(LimitReached) -> JSONValue? {
        switch comparable {
        case .literal(let value): return value
        case .query(let query): return try evaluate(query, current: current, paths: false).first?.value
        case .function(let call): return try value(of: call, current: current)
        }
    }

    private func nodes(_ argument: FunctionArgument, current: JSONValue) throws(LimitReached) -> [Node] {
        guard case .nodes(let query) = argument else { return [] }
        return try evaluate(query, current: current, paths: false)
    }

    private func value(_ argument: FunctionArgument, current: JSONValue) throws(LimitReached) -> JSONValue? {
        guard case .value(let comparable) = argument else { return nil }
        return try value(comparable, current: current)
    }

    /// §2.4.4, §2.4.5, §2.4.8.
    private func value(of call: FunctionCall, current: JSONValue) throws(LimitReached) -> JSONValue? {
        switch call.function {
        case .length:
            switch try value(call.arguments[0], current: current)?.content {
            case .string(let string): return .int(string.unicodeScalars.count)
            case .array(let elements): return .int(elements.count)
            case .object(let members): return .int(members.count)
            default: return nil
            }
        case .count: return .int(try nodes(call.arguments[0], current: current).count)
        case .value:
            let selected = try nodes(call.arguments[0], current: current)
            return selected.count == 1 ? selected[0].value : nil
        case .match, .search: return nil
        }
    }

    /// §2.4.6, §2.4.7: false unless both arguments are strings and the pattern matches.
    private func logical(_ call: FunctionCall, current: JSONValue) throws(LimitReached) -> Bool {
        guard call.function == .match || call.function == .search,
            let text = try value(call.arguments[0], current: current)?.stringValue
        else { return false }
        if let regex = call.regex { return try matches(regex, text) }
        guard let pattern = try value(call.arguments[1], current: current)?.stringValue else { return false }
        let key = (call.function == .match ? "m" : "s") + pattern
        if let regex = regexes[key] { return try matches(regex, text) }
        let regex = CompiledRegex(iRegexp: pattern, whole: call.function == .match)
        regexes[key] = regex
        return try matches(regex, text)
    }

    private func matches(_ regex: CompiledRegex, _ text: String) throws(LimitReached) -> Bool {
        guard let matched = regex.matches(text, budget: &regexTicks) else {
            let steps = CompiledRegex.tickBudget * CompiledRegex.stepsPerTick
            throw LimitReached(limit: "\(steps) regular-expression steps (a pattern that backtracks)")
        }
        return matched
    }
}
