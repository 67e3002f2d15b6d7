import Foundation

/// The result of reading a feed: the feed, and what was wrong with it.
public struct ParsedFeed: Sendable, Equatable {
    public var feed: Feed
    /// Problems that did not stop the feed from being read, in document order.
    public var warnings: [FeedWarning]
    /// True when the document was ill-formed and recovered in lenient mode
    /// (what Python's feedparser calls `bozo`).
    public var isIllFormed: Bool
    /// The character encoding the document was read with (`utf-8` for JSON).
    public var encoding: String?
    /// Entries past `FeedParser.Options.maxEntries`, counted but not read.
    public var entriesLeftOut: Int

    public init(
        feed: Feed, warnings: [FeedWarning] = [], isIllFormed: Bool = false, encoding: String? = nil,
        entriesLeftOut: Int = 0
    ) {
        self.feed = feed
        self.warnings = warnings
        self.isIllFormed = isIllFormed
        self.encoding = encoding
        self.entriesLeftOut = entriesLeftOut
    }
}
