import Foundation

/// What was read from one item's own page (`"detail"`), kept so the page is read once:
/// the address read, the validators for asking again, the fields and the article.
struct DetailRecord: Sendable, Hashable {
    /// Failed reads after which a page is no longer asked for (a page gone for good).
    static let maximumFailures = 5

    /// The item's URL as the cache keeps it: a different URL is a different page.
    var url: String
    /// `DetailSettings.fingerprint` of the settings it was read with.
    var settings: String
    /// The ETag and Last-Modified the page came with, for a conditional request.
    var validators = HTTPValidators()
    /// When the page was last read in full; nil until it has been.
    var readAt: Date?
    /// The fields read from the page, merged into the item.
    var fields: [Item.Field] = []
    /// The article, when one is read and the page had one.
    var article: DetailArticle?
    /// Failed reads since the last one that worked.
    var failures = 0
    /// Why the last read failed.
    var problem: String?

    /// Whether this record is all there is to read of `url` with `settings`: nothing to fetch.
    func isCurrent(for url: String, settings: String) -> Bool {
        self.url == url && self.settings == settings && readAt != nil && failures == 0
    }

    /// Whether the page is still asked for: not read yet (or read for another address or other
    /// settings), or failed fewer than `maximumFailures` times since.
    func isWaiting(for url: String, settings: String) -> Bool {
        guard self.url == url, self.settings == settings else { return true }
        return !isCurrent(for: url, settings: settings) && failures < Self.maximumFailures
    }
}

/// An item's article as the cache keeps it: sanitised HTML (TrawlArticle's allowlist) and
/// the details the site and the feeds show.
struct DetailArticle: Sendable, Hashable {
    var title: String?
    var byline: String?
    var published: String?
    var excerpt: String?
    var image: String?
    /// Sanitised HTML; empty when only the excerpt is kept (`"article": "excerpt"`).
    var html: String
}
