/// An expression that could not be read (a CSS selector, a JSONPath query), saying what was
/// expected and where: one wording for every little language Trawl reads.
///
/// `description` reads `expected ')' at column 15 in "li:nth-child(2"`: the column is
/// 1-based and counts characters, so a person can point at the spot.
public struct SyntaxError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The expression as the user wrote it.
    public let source: String
    /// 1-based column where reading stopped.
    public let column: Int
    /// What would have been valid there, e.g. `')'` or `a selector after ','`.
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
