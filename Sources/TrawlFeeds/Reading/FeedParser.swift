import CLibXML2
import Foundation

/// Reads RSS 0.90–2.0, RSS 1.0 (RDF), Atom 0.3 and 1.0, and JSON Feed 1.0/1.1 into one `Feed`.
///
/// Parsing never touches the network: external entities and DTDs are not loaded, and
/// entity expansion is bounded. Dates are parsed, URLs resolved against `xml:base` and
/// the feed's URL, and the encoding taken from the HTTP charset, a BOM or the XML declaration.
///
/// ```swift
/// let parsed = try FeedParser().parse(data, url: feedURL, contentType: "application/rss+xml")
/// for entry in parsed.feed.entries { print(entry.title ?? "untitled") }
/// ```
public struct FeedParser: Sendable {
    /// How strictly to read.
    public struct Options: Sendable, Equatable {
        /// Recover what can be read from ill-formed XML instead of throwing `FeedError.malformed`;
        /// the result is then flagged `isIllFormed` (feedparser's `bozo`).
        public var lenient: Bool
        /// The most characters entity references may expand to before the feed is refused.
        public var entityExpansionLimit: Int
        /// The most entries read: those after are only counted (`ParsedFeed.entriesLeftOut`),
        /// so a huge feed costs no memory for entries that would be dropped anyway.
        public var maxEntries: Int

        public init(lenient: Bool = false, entityExpansionLimit: Int = 1_000_000, maxEntries: Int = .max) {
            self.lenient = lenient
            self.entityExpansionLimit = entityExpansionLimit
            self.maxEntries = maxEntries
        }
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// A parser that recovers from ill-formed XML when `lenient` is true.
    public init(lenient: Bool) {
        self.options = Options(lenient: lenient)
    }

    /// Reads a feed document.
    /// - Parameters:
    ///   - data: the document's bytes, as fetched.
    ///   - url: where it came from: the base for relative links, and the base for feeds an HTML page points to.
    ///   - contentType: the HTTP `Content-Type`, whose `charset` overrides the document's own declaration (RFC 7303 §3).
    /// - Throws: `FeedError`.
    public func parse(_ data: Data, url: URL? = nil, contentType: String? = nil) throws -> ParsedFeed {
        let sniffed = DocumentSniffer(data)
        switch sniffed.kind {
        case .empty:
            throw FeedError.empty
        case .json:
            return try JSONFeedReader(documentURL: url, maxEntries: options.maxEntries).read(data)
        case .html:
            throw FeedError.notAFeed(root: "html", discoveredFeeds: FeedDiscovery.feeds(inHTML: data, url: url))
        case .xml:
            return try parseXML(data, url: url, charset: DocumentSniffer.charset(of: contentType))
        }
    }

    private func parseXML(_ data: Data, url: URL?, charset: String?) throws -> ParsedFeed {
        let document = try ParsedXML(data, url: url, encoding: charset, recover: options.lenient)
        var warnings: [FeedWarning] = []
        if let problem = document.problem {
            warnings.append(FeedWarning(line: problem.line, "ill-formed XML, recovered: \(problem.message)"))
        }
        guard let root = document.root else {
            let problem = document.problem
            throw FeedError.malformed(
                line: problem?.line ?? 1, column: problem?.column ?? 1, message: problem?.message ?? "no root element")
        }
        let context = ReadingContext(
            documentURL: url, expansionLimit: options.entityExpansionLimit, maxEntries: options.maxEntries)
        let feed: Feed
        switch (root.name.lowercased(), root.namespace) {
        case ("rss", _), ("channel", _):
            feed = RSSReader(context: context, root: root).read(root)
        case ("rdf", _):
            feed = RSSReader(context: context, root: root).read(root)
        case ("feed", _):
            feed = AtomReader(context: context, root: root).read(root)
        case ("html", _):
            throw FeedError.notAFeed(root: "html", discoveredFeeds: FeedDiscovery.feeds(inHTML: data, url: url))
        default:
            throw FeedError.notAFeed(root: root.qualifiedName, discoveredFeeds: [])
        }
        if context.expansionExceeded {
            throw FeedError.entityExpansionLimit(limit: options.entityExpansionLimit)
        }
        return ParsedFeed(
            feed: feed, warnings: warnings + context.warnings,
            isIllFormed: document.problem != nil, encoding: document.encoding, entriesLeftOut: context.entriesLeftOut)
    }
}
