import Foundation
import TrawlJSON
import TrawlText

/// Reads JSON Feed 1.0 and 1.1 (https://jsonfeed.org/version/1.1) into a `Feed`.
///
/// Lenient about types as feed readers must be: an `id` may be a number, a wrong-typed
/// field is skipped with a warning rather than failing the feed.
struct JSONFeedReader {
    let documentURL: URL?
    /// The most entries read; the rest are counted in `entriesLeftOut`.
    let maxEntries: Int
    private var warnings: [FeedWarning] = []
    private var entriesLeftOut = 0

    init(documentURL: URL?, maxEntries: Int = .max) {
        self.documentURL = documentURL
        self.maxEntries = maxEntries
    }

    func read(_ data: Data) throws -> ParsedFeed {
        let root: JSONValue
        do {
            root = try JSONParser.parse(data)
        } catch {
            throw FeedError.malformedJSON(message: error.description)
        }
        guard root.objectValue != nil else {
            throw FeedError.notAFeed(root: "JSON \(root.kindDescription)", discoveredFeeds: [])
        }
        guard let version = root["version"]?.stringValue, version.contains("jsonfeed.org/version/") else {
            throw FeedError.notAFeed(root: "JSON object without a jsonfeed.org version", discoveredFeeds: [])
        }
        var reader = self
        let feed = reader.feed(root, version: version)
        return ParsedFeed(
            feed: feed, warnings: reader.warnings, encoding: "utf-8", entriesLeftOut: reader.entriesLeftOut)
    }

    private mutating func feed(_ root: JSONValue, version: String) -> Feed {
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
        for (index, item) in (root["items"]?.arrayValue ?? []).enumerated() {
            guard item.objectValue != nil else {
                warnings.append(FeedWarning("items[\(index)] is not an object; skipped"))
                continue
            }
            guard feed.entries.count < maxEntries else {
                entriesLeftOut += 1
                continue
            }
            feed.entries.append(entry(item, index: index, base: base))
        }
        return feed
    }

    private mutating func entry(_ item: JSONValue, index: Int, base: URL?) -> FeedEntry {
        var entry = FeedEntry()
        entry.id = string(item["id"]) ?? item["id"]?.numberValue.map(Self.text)
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
        entry.categories = (item["tags"]?.arrayValue ?? []).compactMap { string($0).map { FeedCategory(term: $0) } }
        entry.thumbnail = url(item["image"], against: base) ?? url(item["banner_image"], against: base)
        for attachment in item["attachments"]?.arrayValue ?? [] {
            guard let href = url(attachment["url"], against: base) else {
                continue
            }
            entry.enclosures.append(
                FeedEnclosure(
                    url: href, type: string(attachment["mime_type"]),
                    length: attachment["size_in_bytes"]?.numberValue.flatMap(Self.whole),
                    duration: attachment["duration_in_seconds"]?.numberValue?.double))
        }
        return entry
    }

    /// JSON Feed 1.1 `authors`, or 1.0's single `author`.
    private func authors(_ object: JSONValue, base: URL?) -> [FeedPerson] {
        let list = object["authors"]?.arrayValue ?? (object["author"].map { [$0] } ?? [])
        return list.compactMap { author in
            guard author.objectValue != nil else { return nil }
            let person = FeedPerson(name: string(author["name"]), uri: url(author["url"], against: base))
            return person == FeedPerson() ? nil : person
        }
    }

    /// A number id as its text: `42`, or `1.5`.
    private static func text(_ number: JSONNumber) -> String {
        if let int = number.int { return String(int) }
        guard let double = number.double else { return number.text }
        return double.rounded() == double && abs(double) < 1e15 ? String(Int(double)) : String(double)
    }

    /// A whole number's value; a fraction is cut to its whole part, as feed readers do.
    private static func whole(_ number: JSONNumber) -> Int? {
        if let int = number.int { return int }
        guard let double = number.double, double.isFinite, abs(double) < 9e18 else { return nil }
        return Int(double)
    }

    private func string(_ value: JSONValue?) -> String? {
        guard let text = value?.stringValue?.trimmed, !text.isEmpty else { return nil }
        return text
    }

    private func url(_ value: JSONValue?, against base: URL?) -> URL? {
        guard let text = string(value) else { return nil }
        return URL(reference: text, relativeTo: base)
    }

    private mutating func date(_ value: JSONValue?, field: String) -> Date? {
        guard let text = string(value) else { return nil }
        if let date = FeedDate.parse(text) { return date }
        warnings.append(FeedWarning("unparsable date in \(field): \"\(text)\""))
        return nil
    }
}
