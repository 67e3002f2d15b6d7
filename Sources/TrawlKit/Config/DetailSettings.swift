import Foundation

/// What a source reads from each new item's own page (`"detail"`): its article, fields by
/// selector, or both, at most `maxPerRun` pages a night.
public struct DetailSettings: Sendable, Hashable {
    /// How much of the article an item keeps (`"article"`).
    public enum ArticleMode: String, Sendable, Hashable, CaseIterable {
        /// The whole article: feeds carry it, the site gives it a page (`true`).
        case full
        /// Only its excerpt, for short feeds (`"excerpt"`).
        case excerpt
        /// No article: only the `fields` (`false`).
        case none
    }

    /// `maxPerRun` when the configuration gives none.
    public static let defaultMaxPerRun = 50

    /// Whether the article is extracted, and how much of it is kept.
    public var article: ArticleMode
    /// Fields read from the item's page and merged into the item (the same rules as a list's).
    public var fields: [FieldRule]
    /// The most detail pages fetched for this source in one run; the rest wait for later runs.
    public var maxPerRun: Int

    /// Detail settings; each argument is the key of the same name in `"detail"`.
    public init(
        article: ArticleMode = .full, fields: [FieldRule] = [], maxPerRun: Int = DetailSettings.defaultMaxPerRun
    ) {
        self.article = article
        self.fields = fields
        self.maxPerRun = maxPerRun
    }
}
