import TrawlHTML

/// What a page says about itself outside its text: `<meta>` tags (Dublin Core, Open Graph,
/// Twitter cards, plain names), JSON-LD (schema.org's article types), `<title>` and
/// `<html lang>`. Each field is the first found in a fixed order of preference, the most
/// specific vocabulary first.
struct PageMetadata {
    var title: String?
    var byline: String?
    var excerpt: String?
    var siteName: String?
    var published: String?
    var image: String?
    var lang: String?
    /// The `<title>`, uncut, for telling the article's own heading from the site's name.
    var documentTitle: String?

    init(_ document: Document) {
        let meta = Self.metaValues(document)
        let linked = LinkedData(document)
        func first(_ keys: [String]) -> String? {
            keys.lazy.compactMap { meta[$0] }.first { !$0.isEmpty }
        }
        let pageTitle = (try? document.select("title").first?.text).flatMap { $0.isEmpty ? nil : $0 }
        documentTitle = pageTitle
        title =
            linked.title
            ?? first([
                "dc:title", "dcterm:title", "og:title", "weibo:article:title", "weibo:webpage:title", "title",
                "twitter:title",
            ])
            ?? pageTitle.map(Self.articlePart)
        byline =
            linked.author ?? first(["dc:creator", "dcterm:creator", "author", "parsely-author"])
            ?? first(["article:author"]).flatMap { $0.contains("://") ? nil : $0 }
        excerpt =
            linked.description
            ?? first([
                "dc:description", "dcterm:description", "og:description", "weibo:article:description",
                "weibo:webpage:description", "description", "twitter:description",
            ])
        siteName = linked.publisher ?? first(["og:site_name"])
        published =
            linked.published
            ?? first([
                "article:published_time", "parsely-pub-date", "dc:date", "dcterm:date", "date", "pubdate",
                "publishdate",
            ])
        image =
            first(["og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src"])
            ?? linked.image
        lang =
            document.root?.attr("lang").flatMap { $0.isEmpty ? nil : $0 } ?? first(["content-language", "og:locale"])
    }

    /// Every `<meta>` with a name, property or itemprop, by lower-cased key (`DC.title` as
    /// `dc:title`; a property of several space-separated names under each). A later tag
    /// overrides an earlier one with the same key.
    static func metaValues(_ document: Document) -> [String: String] {
        var values: [String: String] = [:]
        for element in (try? document.select("meta")) ?? NodeList([]) {
            guard let content = element.attr("content") else { continue }
            let value = content.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            var keys: [String] = []
            if let property = element.attr("property") {
                keys += property.split(whereSeparator: \.isWhitespace).map(String.init)
            }
            if let name = element.attr("name") { keys.append(name) }
            if let itemprop = element.attr("itemprop") { keys.append(itemprop) }
            if let equiv = element.attr("http-equiv") { keys.append(equiv) }
            for key in keys {
                let normal = key.lowercased().replacingOccurrences(of: ".", with: ":")
                    .replacingOccurrences(of: " ", with: "")
                values[normal] = value
            }
        }
        return values
    }

    /// The article's part of a `<title>` that also names the site ("Story – Site"): the part
    /// before the last separator, when it has words enough to be a headline.
    static func articlePart(of title: String) -> String {
        let separators = [" | ", " - ", " – ", " — ", " » ", " :: ", " / ", " \\ "]
        var cut: String.Index?
        for separator in separators {
            if let range = title.range(of: separator, options: .backwards), range.lowerBound > (cut ?? title.startIndex)
            {
                cut = range.lowerBound
            }
        }
        guard let cut else { return title }
        let head = String(title[..<cut]).trimmingCharacters(in: .whitespaces)
        return head.split(separator: " ").count >= 3 ? head : title
    }
}
