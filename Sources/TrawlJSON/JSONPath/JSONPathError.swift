/// A JSONPath query that could not be read (RFC 9535), saying what was expected and where.
///
/// `description` reads `expected ']' at column 7 in "$.a[0"`: the column is 1-based and
/// counts characters, as `SelectorError` does for CSS, so a person can point at the spot.
public struct JSONPathError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The query as written.
    public let source: String
    /// 1-based column (in Unicode scalars) where reading stopped.
    public let column: Int
    /// What would have been valid there, e.g. `']'` or `a selector`.
    public let expected: String

    public init(source: String, column: Int, expected: String) {
        self.source = source
        self.column = column
        self.expected = expected
    }

    public var description: String {
        "expected \(expected) at column \(column) in \"\(source)\""
    }
}

/// A query that would select or visit more than its bounds allow on a document: nested
/// descendant segments and filters multiply, so a short query over a large document could
/// otherwise run for hours or fill memory.
public struct JSONPathLimitError: Error, CustomStringConvertible, Sendable, Equatable {
    public let source: String
    /// The bound that was reached, e.g. `1000000 nodes visited`.
    public let limit: String

    public var description: String {
        "the JSONPath \"\(source)\" goes past \(limit) on this document"
    }
}
