import Foundation

/// Why a document could not be read as a feed.
///
/// The cases follow what a podcast app must tell its user: this is a web page, not a
/// feed (and here are the feeds it links to); the XML is broken at this line; the feed
/// lacks this element.
///
/// A struct over a code, not an enum, so a new kind of failure is not a breaking change for
/// a program that switches on it: compare `code` with the kinds it cares about.
public struct FeedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        /// The document is not a feed (see `discoveredFeeds`).
        public static let notAFeed = Code(name: "notAFeed")
        /// The XML is not well-formed (and the parser was not lenient, or nothing could be recovered).
        public static let malformed = Code(name: "malformed")
        /// The JSON is not valid JSON, or not a JSON Feed.
        public static let malformedJSON = Code(name: "malformedJSON")
        /// An element the format requires is missing, such as RSS `channel`.
        public static let missingElement = Code(name: "missingElement")
        /// Entities expand past the parser's budget: a "billion laughs" document.
        public static let entityExpansionLimit = Code(name: "entityExpansionLimit")
        /// The bytes cannot be decoded with the declared or detected encoding.
        public static let undecodable = Code(name: "undecodable")
        /// The document is empty.
        public static let empty = Code(name: "empty")
        /// The parser stopped part way: a text node over libxml2's 10,000,000 bytes (entity
        /// checks forbid lifting that limit for XML), or no memory. Not read at all, so that the
        /// entries after the cut do not count as removed.
        public static let truncated = Code(name: "truncated")

        public var description: String { name }
    }

    public let code: Code
    /// For `notAFeed` on an HTML page: the feeds its `<link rel="alternate">` tags point to
    /// (resolved against the page's URL).
    public let discoveredFeeds: [URL]
    /// For `malformed`: where the XML broke (1-based).
    public let line: Int?
    public let column: Int?
    /// The words that go with the code: the root element, the parser's message, the missing
    /// element and its parent, the limit, the encoding.
    private let details: [String]

    private init(
        _ code: Code, details: [String?] = [], discoveredFeeds: [URL] = [], line: Int? = nil, column: Int? = nil
    ) {
        self.code = code
        self.details = details.map { $0 ?? "" }
        self.discoveredFeeds = discoveredFeeds
        self.line = line
        self.column = column
    }

    public static func notAFeed(root: String?, discoveredFeeds: [URL]) -> FeedError {
        FeedError(.notAFeed, details: [root], discoveredFeeds: discoveredFeeds)
    }

    public static func malformed(line: Int, column: Int, message: String) -> FeedError {
        FeedError(.malformed, details: [message], line: line, column: column)
    }

    public static func malformedJSON(message: String) -> FeedError {
        FeedError(.malformedJSON, details: [message])
    }

    public static func missingElement(name: String, parent: String?) -> FeedError {
        FeedError(.missingElement, details: [name, parent])
    }

    /// `limit` 0: libxml2's own amplification guard stopped it.
    public static func entityExpansionLimit(limit: Int) -> FeedError {
        FeedError(.entityExpansionLimit, details: [String(limit)])
    }

    public static func undecodable(encoding: String?) -> FeedError {
        FeedError(.undecodable, details: [encoding])
    }

    public static let empty = FeedError(.empty)
    public static let truncated = FeedError(.truncated)

    private func detail(_ index: Int) -> String? {
        index < details.count && !details[index].isEmpty ? details[index] : nil
    }

    public var description: String {
        switch code {
        case .truncated:
            return "the parser stopped part way (a text node over 10000000 bytes, or no memory),"
                + " so the feed is not read: what follows the cut would look removed"
        case .notAFeed:
            let what = detail(0).map { "a <\($0)> document" } ?? "this document"
            let feeds = discoveredFeeds
            if feeds.isEmpty { return "not a feed: \(what) is not RSS, Atom or JSON Feed" }
            let list = feeds.map(\.absoluteString).joined(separator: ", ")
            return
                "not a feed: \(what) is not RSS, Atom or JSON Feed; it links to \(feeds.count == 1 ? "the feed" : "these feeds"): \(list)"
        case .malformed:
            return "malformed XML at line \(line ?? 0), column \(column ?? 0): \(detail(0) ?? "")"
        case .malformedJSON:
            return "malformed JSON Feed: \(detail(0) ?? "")"
        case .missingElement:
            let name = detail(0) ?? ""
            if let parent = detail(1) { return "missing required element <\(name)> in <\(parent)>" }
            return "missing required element <\(name)>"
        case .entityExpansionLimit where detail(0) == "0":
            // libxml2's own guard: a reference loop, or expansion far beyond the document's size.
            return "entity references loop or expand far beyond the document's size (libxml2's"
                + " amplification guard; a \"billion laughs\" document?); refusing to read it"
        case .entityExpansionLimit:
            return
                "entity expansion exceeds \(detail(0) ?? "") characters (a \"billion laughs\" document?); refusing to read it"
        case .undecodable:
            return "cannot decode the document" + (detail(0).map { " as \($0)" } ?? "")
        case .empty:
            return "the document is empty"
        default:
            return code.description
        }
    }
}

/// Something wrong that did not stop the feed from being read, such as an unparsable date.
public struct FeedWarning: Sendable, Equatable, CustomStringConvertible {
    /// The line in the document, when known.
    public var line: Int?
    public var message: String

    public init(line: Int? = nil, _ message: String) {
        self.line = line
        self.message = message
    }

    public var description: String {
        line.map { "line \($0): \(message)" } ?? message
    }
}
