import Foundation

/// Why a page could not be turned into items.
public enum ScrapeError: Error, CustomStringConvertible, Sendable {
    /// The page parsed, but what it yielded looks like a changed layout, not news.
    case layoutChanged(String)
    /// The table with the configured header labels is not on the page.
    case tableNotFound(header: [String], url: URL)
    /// A feed source whose document is not a feed, or not one that parses.
    case unreadableFeed(URL, reason: String)
    /// A json source whose response (or script) is not JSON, or whose query cannot run on it.
    case notJSON(URL, reason: String)
    /// A list, table or status source whose response is JSON: it wants `kind: json`.
    case responseIsJSON(URL)

    public var description: String {
        switch self {
        case .layoutChanged(let detail):
            return "layout may have changed: \(detail)"
        case .tableNotFound(let header, let url):
            let labels = header.map { "'\($0)'" }.joined(separator: ", ")
            return "layout may have changed: no table on \(url.absoluteString) has a header row with \(labels)"
        case .unreadableFeed(let url, let reason), .notJSON(let url, let reason):
            return "\(url.absoluteString): \(reason)"
        case .responseIsJSON(let url):
            return "\(url.absoluteString): the response is JSON: use `kind: json` (items and fields by JSONPath)"
        }
    }
}
