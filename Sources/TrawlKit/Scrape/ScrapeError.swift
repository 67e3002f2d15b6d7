import Foundation

/// Why a page could not be turned into items: a struct over a private code, as
/// AsyncHTTPClient's `HTTPClientError` is, so a new kind breaks no embedder's `switch`.
public struct ScrapeError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong; compare with `==` (`error.code == .tableNotFound`).
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable {
            case layoutChanged, tableNotFound, unreadableFeed, truncated, notJSON, responseIsJSON
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The page parsed, but what it yielded looks like a changed layout, not news.
        public static let layoutChanged = Code(.layoutChanged)
        /// The table with the configured header labels is not on the page.
        public static let tableNotFound = Code(.tableNotFound)
        /// A feed source whose document is not a feed, or not one that parses.
        public static let unreadableFeed = Code(.unreadableFeed)
        /// Less than the whole page was parsed (`Document.isTruncated`): scraped, it would report
        /// every item after the cut as removed.
        public static let truncated = Code(.truncated)
        /// A json source whose response (or script) is not JSON, or whose query cannot run on it.
        public static let notJSON = Code(.notJSON)
        /// A list, table or status source whose response is JSON: it wants `kind: json`.
        public static let responseIsJSON = Code(.responseIsJSON)

        public var description: String { value.rawValue }
    }

    public let code: Code
    /// What looked wrong (`layoutChanged`), why the feed did not read (`unreadableFeed`), or
    /// where the parse stopped (`truncated`).
    public let detail: String
    /// The page, when known (`tableNotFound`, `unreadableFeed`, `truncated`).
    public let url: URL?
    /// The header labels looked for (`tableNotFound`).
    public let header: [String]

    private init(_ code: Code, detail: String = "", url: URL? = nil, header: [String] = []) {
        self.code = code
        self.detail = detail
        self.url = url
        self.header = header
    }

    static func layoutChanged(_ detail: String) -> ScrapeError { ScrapeError(.layoutChanged, detail: detail) }

    static func tableNotFound(header: [String], url: URL) -> ScrapeError {
        ScrapeError(.tableNotFound, url: url, header: header)
    }

    static func unreadableFeed(_ url: URL, reason: String) -> ScrapeError {
        ScrapeError(.unreadableFeed, detail: reason, url: url)
    }

    static func truncated(_ url: URL, reason: String) -> ScrapeError {
        ScrapeError(.truncated, detail: reason, url: url)
    }

    static func notJSON(_ url: URL, reason: String) -> ScrapeError {
        ScrapeError(.notJSON, detail: reason, url: url)
    }

    static func responseIsJSON(_ url: URL) -> ScrapeError { ScrapeError(.responseIsJSON, url: url) }

    public var description: String {
        switch code {
        case .tableNotFound:
            let labels = header.map { "'\($0)'" }.joined(separator: ", ")
            return
                "layout may have changed: no table on \(url?.absoluteString ?? "the page") has a header row with \(labels)"
        case .unreadableFeed, .notJSON:
            return "\(url?.absoluteString ?? "the feed"): \(detail)"
        case .responseIsJSON:
            return
                "\(url?.absoluteString ?? "the page"): the response is JSON: use `kind: json` (items and fields by JSONPath)"
        case .truncated:
            return "\(url?.absoluteString ?? "the page"): \(detail); not scraped, so nothing is reported removed"
        default:
            return "layout may have changed: \(detail)"
        }
    }
}
