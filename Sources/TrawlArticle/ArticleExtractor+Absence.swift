import TrawlHTML

extension ArticleExtractor {
    /// Text shorter than this is an article only when nothing says otherwise.
    static let shortLength = 500
    /// The share of the page's text a short article must hold: a note alone on its page is
    /// an article, a line amid menus and footers is not.
    static let shortShareOfPage = 0.6
    /// Words in a short page's title or heading that say it is an error page.
    static let errorWords = [
        "not found", "page not found", "forbidden", "access denied", "unavailable", "internal server error",
        "bad request", "unauthorized", "too many requests",
    ]

    static let errorStatuses: Set<String> = ["400", "401", "403", "404", "410", "429", "500", "502", "503", "504"]

    /// Why the text found is no article, or nil when it is one: the page is a list of links,
    /// a login wall, an error page, or too little of what the page says.
    static func absence(in content: ContentNode, length: Int, pageLength: Int, document: Document) -> String? {
        if length == 0 { return "the page has no text" }
        if content.linkDensity > 0.5 { return "the text found is mostly links (a list of links, not an article)" }
        if ContentCleaner.isTeaserList(content) {
            return "the text found is a list of linked headlines with their teasers"
        }
        guard length < shortLength else { return nil }
        let password = (try? document.select("input[type=password i]").first) != nil
        if password {
            return "the page asks for a password and has \(length) characters of text besides (a login wall)"
        }
        let headings = ((try? document.select("title, h1").texts) ?? []).map { $0.lowercased() }
        if headings.contains(where: isErrorHeading) {
            return "the page's title says it is an error page"
        }
        if Double(length) < shortShareOfPage * Double(pageLength) {
            return "the longest run of text found has \(length) characters, amid \(pageLength) on the page"
        }
        return nil
    }

    private static func isErrorHeading(_ heading: String) -> Bool {
        if errorWords.contains(where: heading.contains) { return true }
        // A status code standing alone: "404", "Error 503".
        return ContentFinder.words(heading).contains(where: errorStatuses.contains)
    }
}
