/// A compiled JSONPath query (RFC 9535 §2): segments of selectors, each filter already
/// type-checked (§2.4.3), so evaluation cannot meet an ill-typed expression.
struct JSONPathQuery: Sendable {
    /// `@` (the current node) rather than `$` (the root).
    var isRelative: Bool
    var segments: [JSONPathSegment]

    /// A singular query (§2.3.5.1): only name and index selectors, one per child segment,
    /// so it selects at most one node.
    var isSingular: Bool {
        segments.allSatisfy { segment in
            guard !segment.isDescendant, !segment.hasBlanks, segment.selectors.count == 1 else { return false }
            switch segment.selectors[0] {
            case .name, .index: return true
            default: return false
            }
        }
    }
}

struct JSONPathSegment: Sendable {
    /// `..`: the selectors apply to the input node and each of its descendants (§2.5.2).
    var isDescendant: Bool
    var selectors: [JSONPathSelector]
    /// Blanks inside the brackets (`[ 0 ]`): allowed, but a singular query's segments
    /// have none (`name-segment`, `index-segment`).
    var hasBlanks = false
}

enum JSONPathSelector: Sendable {
    case name(String)
    case wildcard
    case index(Int)
    case slice(start: Int?, end: Int?, step: Int?)
    case filter(LogicalExpression)
}

/// A filter's test, of LogicalType (§2.4.1).
indirect enum LogicalExpression: Sendable {
    case or([LogicalExpression])
    case and([LogicalExpression])
    case not(LogicalExpression)
    case comparison(Comparable, ComparisonOperator, Comparable)
    /// A query as a test: true when it selects at least one node.
    case exists(JSONPathQuery)
    /// A function of LogicalType, or of NodesType taken as "selects something".
    case function(FunctionCall)
}

/// A side of a comparison, of ValueType: a literal, a singular query, or a function.
enum Comparable: Sendable {
    case literal(JSONValue)
    case query(JSONPathQuery)
    case function(FunctionCall)
}

enum ComparisonOperator: String, Sendable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
}

struct FunctionCall: Sendable {
    var function: JSONPathFunction
    var arguments: [FunctionArgument]
    /// The I-Regexp of `match` or `search` when written as a literal: translated once.
    var regex: CompiledRegex?
}

/// An argument as its parameter's type takes it (§2.4.3).
enum FunctionArgument: Sendable {
    case value(Comparable)
    case nodes(JSONPathQuery)
    case nodesFunction(FunctionCall)
    case logical(LogicalExpression)
}
