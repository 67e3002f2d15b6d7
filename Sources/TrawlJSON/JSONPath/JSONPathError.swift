import TrawlText

/// A JSONPath query that could not be read (RFC 9535), worded as a CSS selector's error is
/// (`expected ']' at column 7 in "$.a[0"`, the column counted in Unicode scalars).
public typealias JSONPathError = SyntaxError

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
