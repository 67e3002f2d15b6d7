import Foundation

/// What a feed entry carries of an item's article (`detail`): the whole sanitised HTML
/// with `"article": true`, the excerpt with `"excerpt"`.
enum ArticleHTML {
    /// The entry's body for `item`: the item's own (its fields, its summary unless that is
    /// the article's excerpt, which the article repeats), then the article.
    static func entryContent(
        item: Item, article: DetailArticle?, latestChange: ChangeDescription?, source: ChangeHTML.SourceLine? = nil,
        wording: ValueWording = ValueWording()
    ) -> String {
        guard let article else {
            return ChangeHTML.render(item: item, latestChange: latestChange, source: source, wording: wording)
        }
        var shown = item
        let excerpt = article.excerpt.map(SafeText.line) ?? ""
        if article.html.isEmpty {
            // Only the excerpt is kept: it is the body, once.
            if shown.summary.map(SafeText.line) != excerpt, !excerpt.isEmpty {
                shown.summary = [shown.summary, excerpt].compactMap { $0 }.joined(separator: "\n\n")
            }
            return ChangeHTML.render(item: shown, latestChange: latestChange, source: source, wording: wording)
        }
        if shown.summary.map(SafeText.line) == excerpt { shown.summary = nil }
        // Sanitised by TrawlArticle's allowlist when it was read: it goes in as it is.
        return ChangeHTML.render(item: shown, latestChange: latestChange, source: source, wording: wording)
            + article.html
    }
}
