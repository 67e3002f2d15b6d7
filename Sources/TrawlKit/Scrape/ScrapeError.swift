import Foundation

/// Why a page could not be turned into items.
public enum ScrapeError: Error, CustomStringConvertible, Sendable {
    /// The page parsed, but what it yielded looks like a changed layout, not news.
    case layoutChanged(String)
    /// The table with the configured header labels is not on the page.
    case tableNotFound(header: [String], url: URL)
    /// A feed source whose document is not a feed, or not one that parses.
    case unreadableFeed(URL, reason: String)
    /// Less than the whole page was parsed (`Document.isTruncated`): scraped, it would report
    /// every item after the cut as removed.
    case truncated(URL, reason: String)

    public var description: String {
        switch self {
        case .layoutChanged(let detail):
            return "layout may have changed: \(detail)"
        case .tableNotFound(let header, let url):
            let labels = header.map { "'\($0)'" }.joined(separator: ", ")
            return "layout may have changed: no table on \(url.absoluteString) has a header row with \(labels)"
        case .unreadableFeed(let url, let reason):
            return "\(url.absoluteString): \(reason)"
        case .truncated(let url, let reason):
            return "\(url.absoluteString): \(reason); not scraped, so nothing is reported removed"
        }
    }
}
