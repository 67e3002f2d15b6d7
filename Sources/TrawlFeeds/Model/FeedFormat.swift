/// The syndication formats Trawl reads and writes, named as Python's feedparser names them.
public enum FeedFormat: String, Sendable, Codable, CaseIterable {
    case rss090, rss091, rss092, rss093, rss094, rss10, rss20
    case atom03, atom10
    case json10, json11

    /// True for the Atom family (Atom 0.3 and RFC 4287).
    public var isAtom: Bool { self == .atom03 || self == .atom10 }

    /// True for JSON Feed 1.0 and 1.1.
    public var isJSON: Bool { self == .json10 || self == .json11 }
}
