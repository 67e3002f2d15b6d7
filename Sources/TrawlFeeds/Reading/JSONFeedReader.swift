import Foundation

/// Reads JSON Feed 1.0 and 1.1 (https://jsonfeed.org/version/1.1) into a `Feed`.
///
/// Lenient about types as feed readers must be: an `id` may be a number, a wrong-typed
/// field is skipped with a warning rather than failing the feed.
struct JSONFeedReader {
    let documentURL: URL?
    private var warnings: [FeedWarning] = []

    init(documentURL: URL?) {
        self.documentURL = documentURL
    }

    func read(_ data: Data) throws -> ParsedFeed {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw FeedError.malformedJSON(
                message: (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)")
        }
        guard let root = object as? [String: Any] else {
            throw FeedError.notAFeed(root: "JSON \(type(of: object))", discoveredFeeds: [])
        }
        guard let version = root["version"] as? String, version.contains("jsonfeed.org/version/") else {
            throw FeedError.notAFeed(root: "JSON object without a jsonfeed.org version", discoveredFeeds: [])
        }
        var reader = self
        let feed = reader.feed(root, version: version)
        return ParsedFeed(feed: feed, warnings: reader.warnings, encoding: "utf-8")
    }

    private mutating func feed(_ root: [String: Any], version: String) -> Feed {
        var feed = Feed(format: version.hasSuffix("/1") ? .json10 : .json11)
        let base = url(root["feed_url"], against: documentURL) ?? documentURL
        feed.title = string(root["title"])
        feed.id = string(root["feed_url"])
        feed.link = url(root["home_page_url"], against: base)
        if let link = feed.link { feed.links.append(FeedLink(href: link)) }
        if let selfURL = url(root["feed_url"], against: documentURL) {
            feed.links.append(FeedLink(href: selfURL, rel: "self", type: "application/feed+json"))
        }
        if let description = string(root["description"]) { feed.subtitle = FeedText(description) }
        if let icon = url(root["icon"], against: base) { feed.image = FeedImage(url: icon) }
        feed.icon = url(root["favicon"], against: base)
        feed.language = string(root["language"])
        feed.authors = authors(root, base: base)
        for (index, value) in ((root["items"] as? [Any]) ?? []).enumerated() {
            guard let item = value as? [String: Any] else {
                warnings.append(FeedWarning("items[\(index)] is not an object; skipped"))
                continue
            }
            feed.entries.append(entry(item, index: index, base: base))
        }
        return feed
    }

    private mutating func entry(_ item: [String: Any], index: Int, base: URL?) -> FeedEntry {
        var entry = FeedEntry()
        entry.id = string(item["id"]) ?? (item["id"] as? NSNumber)?.stringValue
        entry.title = string(item["title"])
        entry.link = url(item["url"], against: base)
        if let link = entry.link { entry.links.append(FeedLink(href: link)) }
        if let external = url(item["external_url"], against: base) {
            entry.links.append(FeedLink(href: external, rel: "related"))
        }
        if let summary = string(item["summary"]) { entry.summary = FeedText(summary) }
        if let html = string(item["content_html"]) {
            entry.content = FeedText(html, type: .html)
        } else if let text = string(item["content_text"]) {
            entry.content = FeedText(text)
        }
        entry.published = date(item["date_published"], field: "items[\(index)].date_published")
        entry.updated = date(item["date_modified"], field: "items[\(index)].date_modified")
        entry.authors = authors(item, base: base)
        entry.categories = ((item["tags"] as? [Any]) ?? []).compactMap { string($0).map { FeedCategory(term: $0) } }
        entry.thumbnail = url(item["image"], against: base) ?? url(item["banner_image"], against: base)
        for attachment in (item["attachments"] as? [Any]) ?? [] {
            guard let attachment = attachment as? [String: Any], let href = url(attachment["url"], against: base) else {
                continue
            }
            entry.enclosures.append(
                FeedEnclosure(
                    url: href, type: string(attachment["mime_type"]),
                    length: (attachment["size_in_bytes"] as? NSNumber)?.intValue,
                    duration: (attachment["duration_in_seconds"] as? NSNumber)?.doubleValue))
        }
        return entry
    }

    /// JSON Feed 1.1 `authors`, or 1.0's single `author`.
    private func authors(_ object: [String: Any], base: URL?) -> [FeedPerson] {
        let list = (object["authors"] as? [Any]) ?? (object["author"].map { [$0] } ?? [])
        return list.compactMap { value in
            guard let author = value as? [String: Any] else { return nil }
            let person = FeedPerson(name: string(author["name"]), uri: url(author["url"], against: base))
            return person == FeedPerson() ? nil : person
        }
    }

    private func string(_ value: Any?) -> String? {
        guard let text = (value as? String)?.trimmed, !text.isEmpty else { return nil }
        return text
    }

    private func url(_ value: Any?, against base: URL?) -> URL? {
        guard let text = string(value) else { return nil }
        return URL(string: text, relativeTo: base)?.absoluteURL
    }

    private mutating func date(_ value: Any?, field: String) -> Date? {
        guard let text = string(value) else { return nil }
        if let date = FeedDate.parse(text) { return date }
        warnings.append(FeedWarning("unparsable date in \(field): \"\(text)\""))
        return nil
    }
}
