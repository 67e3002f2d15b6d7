/// The words in an element's class and id that say what it holds, as authors commonly name
/// things: the main text, or what surrounds it (navigation, comments, sharing, adverts).
/// General words only: no rule names a site.
enum NamePatterns {
    /// Boilerplate: dropped before scoring unless the name also says it holds the text.
    static let unlikely = [
        "banner", "breadcrumb", "combx", "comment", "community", "cover-wrap", "disqus", "extra", "footer", "gdpr",
        "header", "legends", "menu", "related", "remark", "replies", "rss", "shoutbox", "sidebar", "skyscraper",
        "social", "sponsor", "supplemental", "ad-break", "agegate", "pagination", "pager", "popup", "newsletter",
        "cookie", "subscribe", "signup", "promo", "masthead", "toolbar", "outbrain", "taboola",
    ]
    /// What keeps an unlikely-looking name: it also says content.
    static let maybe = ["and", "article", "body", "column", "content", "main", "shadow", "story", "entry", "post"]
    static let positive = [
        "article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "post", "text", "blog", "story",
        "prose",
    ]
    static let negative = [
        "hidden", "banner", "combx", "comment", "com-", "contact", "foot", "footer", "footnote", "gdpr", "masthead",
        "media", "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar", "skyscraper",
        "sponsor", "shopping", "tags", "tool", "widget", "byline", "author", "dateline", "subscribe", "newsletter",
    ]
    /// Short words matched only as whole words of a name ("ad" but not "header").
    static let negativeWords: Set<String> = ["ad", "ads", "hid", "advert", "advertisement", "nav"]
    static let byline = ["byline", "author", "dateline", "writtenby", "p-author"]

    static func matches(_ name: String, _ words: [String]) -> Bool {
        // On bytes: names are ASCII in practice, and this runs for every named element.
        let haystack = Array(name.utf8)
        return words.contains { word in contains(haystack, Array(word.utf8)) }
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        let first = needle[0]
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    static func hasWord(_ name: String, in words: Set<String>) -> Bool {
        name.split { !$0.isLetter && !$0.isNumber }.contains { words.contains(String($0)) }
    }

    /// −25 for each of class and id that names boilerplate, +25 for each that names content.
    static func weight(of node: ContentNode) -> Double {
        var weight = 0.0
        for name in [node.attr("class"), node.attr("id")].compactMap({ $0?.lowercased() }) where !name.isEmpty {
            if matches(name, negative) || hasWord(name, in: negativeWords) { weight -= 25 }
            if matches(name, positive) { weight += 25 }
        }
        return weight
    }
}
