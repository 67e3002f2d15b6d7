/// The syndication formats Trawl reads and writes.
public enum FeedFormat: String, Sendable, Codable {
    case rss090 = "rss090", rss091 = "rss091", rss092 = "rss092", rss10 = "rss10", rss20 = "rss20"
    case atom03 = "atom03", atom10 = "atom10"
    case json10 = "json10", json11 = "json11"
}
