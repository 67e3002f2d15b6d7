/// A JSONPath query (RFC 9535), compiled once and evaluated on any number of documents.
///
/// ```swift
/// let path = try JSONPath("$.store.book[?@.price < 10].title")
/// let titles = try path.select(document)          // the values, in order
/// let nodes = try path.nodes(document)            // with their normalized paths
/// ```
/// The whole of the RFC: names, wildcards, indices, slices, descendants, filters with
/// comparisons and logical operators, and the functions `length`, `count`, `match`,
/// `search` and `value` (I-Regexp, RFC 9485). Evaluation is bounded: a query that visits
/// more than `maximumVisits` nodes, or selects more than `maximumNodes`, throws
/// `JSONPathLimitError` instead of running on.
public struct JSONPath: Sendable, CustomStringConvertible {
    public static let maximumVisits = 20_000_000
    public static let maximumNodes = 5_000_000

    /// The query as written.
    public let source: String
    let query: JSONPathQuery

    public init(_ source: String) throws(JSONPathError) {
        self.source = source
        query = try JSONPathParser.parse(source)
    }

    public var description: String { source }

    /// True when the query selects at most one node (names and indices only, §2.3.5.1).
    public var isSingular: Bool { query.isSingular }

    /// A node the query selected: its value and where it stands in the document.
    public struct Node: Sendable {
        public let value: JSONValue
        let location: NormalizedPath?

        /// The node's normalized path (§2.7), e.g. `$['items'][0]`.
        public var path: String { location?.text ?? "$" }
    }

    /// The values the query selects from `document`, in the order RFC 9535 gives them.
    public func select(_ document: JSONValue) throws(JSONPathLimitError) -> [JSONValue] {
        try evaluate(document, paths: false).map(\.value)
    }

    /// `select` with a lower bound on the nodes visited, so a test can reach it quickly.
    func select(_ document: JSONValue, maximumVisits: Int) throws(JSONPathLimitError) -> [JSONValue] {
        try evaluate(document, paths: false, maximumVisits: maximumVisits).map(\.value)
    }

    /// The nodes the query selects, each with its normalized path.
    public func nodes(_ document: JSONValue) throws(JSONPathLimitError) -> [Node] {
        try evaluate(document, paths: true).map { Node(value: $0.value, location: $0.path) }
    }

    private func evaluate(
        _ document: JSONValue, paths: Bool, maximumVisits: Int = JSONPath.maximumVisits
    ) throws(JSONPathLimitError) -> [JSONPathEvaluator.Node] {
        let evaluator = JSONPathEvaluator(root: document, tracksPaths: paths, maximumVisits: maximumVisits)
        do {
            return try evaluator.evaluate(query, current: document)
        } catch {
            throw JSONPathLimitError(source: source, limit: error.limit)
        }
    }
}
