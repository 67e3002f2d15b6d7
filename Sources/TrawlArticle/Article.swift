import Foundation

/// A page's main article: its text as sanitised HTML and as plain text, and what the page
/// says about it.
public struct Article: Sendable, Equatable {
    /// The page the article was read from.
    public var url: URL?
    public var title: String?
    /// Who wrote it, as the page names them.
    public var byline: String?
    /// When it was published, as the page writes it (metadata first, then a `<time>`).
    public var published: String?
    public var siteName: String?
    /// The page's language tag (`<html lang>`).
    public var lang: String?
    /// A sentence or two: the page's description, else the article's first paragraph.
    public var excerpt: String?
    /// The lead image's absolute address.
    public var image: String?
    /// The article as HTML that passed `ArticleSanitizer`'s allowlist: nothing active in it.
    public var html: String
    /// The article as plain text, a block a line.
    public var text: String
}

/// What extraction gives: the article, or none, and notes saying why or what was left out.
public struct ArticleExtraction: Sendable {
    public var article: Article?
    /// Why there is no article ("no article: …"), or what bounded the work.
    public var notes: [String]
}
