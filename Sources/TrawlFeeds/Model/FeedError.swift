import Foundation

/// Why a document could not be read as a feed.
///
/// The cases follow what a podcast app must tell its user: this is a web page, not a
/// feed (and here are the feeds it links to); the XML is broken at this line; the feed
/// lacks this element.
public enum FeedError: Error, Sendable, Equatable {
    /// The document is not a feed. For an HTML page, `discoveredFeeds` lists the feeds its
    /// `<link rel="alternate">` tags point to (resolved against the page's URL).
    case notAFeed(root: String?, discoveredFeeds: [URL])
    /// The XML is not well-formed (and the parser was not lenient, or nothing could be recovered).
    case malformed(line: Int, column: Int, message: String)
    /// The JSON is not valid JSON, or not a JSON Feed.
    case malformedJSON(message: String)
    /// An element the format requires is missing, such as RSS `channel`.
    case missingElement(name: String, parent: String?)
    /// Entities expand past the parser's budget: a "billion laughs" document.
    case entityExpansionLimit(limit: Int)
    /// The bytes cannot be decoded with the declared or detected encoding.
    case undecodable(encoding: String?)
    /// The document is empty.
    case empty
    /// The parser stopped part way: a text node over libxml2's 10,000,000 bytes (entity
    /// checks forbid lifting that limit for XML), or no memory. Not read at all, so that the
    /// entries after the cut do not count as removed.
    case truncated
}

extension FeedError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .truncated:
            return "the parser stopped part way (a text node over 10000000 bytes, or no memory),"
                + " so the feed is not read: what follows the cut would look removed"
        case .notAFeed(let root, let feeds):
            let what = root.map { "a <\($0)> document" } ?? "this document"
            if feeds.isEmpty { return "not a feed: \(what) is not RSS, Atom or JSON Feed" }
            let list = feeds.map(\.absoluteString).joined(separator: ", ")
            return
                "not a feed: \(what) is not RSS, Atom or JSON Feed; it links to \(feeds.count == 1 ? "the feed" : "these feeds"): \(list)"
        case .malformed(let line, let column, let message):
            return "malformed XML at line \(line), column \(column): \(message)"
        case .malformedJSON(let message):
            return "malformed JSON Feed: \(message)"
        case .missingElement(let name, let parent):
            if let parent { return "missing required element <\(name)> in <\(parent)>" }
            return "missing required element <\(name)>"
        case .entityExpansionLimit(0):
            // libxml2's own guard: a reference loop, or expansion far beyond the document's size.
            return "entity references loop or expand far beyond the document's size (libxml2's"
                + " amplification guard; a \"billion laughs\" document?); refusing to read it"
        case .entityExpansionLimit(let limit):
            return "entity expansion exceeds \(limit) characters (a \"billion laughs\" document?); refusing to read it"
        case .undecodable(let encoding):
            return "cannot decode the document" + (encoding.map { " as \($0)" } ?? "")
        case .empty:
            return "the document is empty"
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
