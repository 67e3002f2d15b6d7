import Foundation
import TrawlJSON

/// Writes a `FeedDocument` as JSON Feed 1.1 (https://jsonfeed.org/version/1.1).
///
/// Keys come in a fixed order (the spec's order, `version` first), entries in the order
/// given, so the same document always gives the same bytes.
public struct JSONFeedWriter: Sendable {
    public init() {}

    /// The feed as pretty-printed UTF-8 JSON, ending in a newline.
    public func write(_ document: FeedDocument) -> Data {
        var feed: [(key: String, value: JSONValue)] = [
            ("version", .string("https://jsonfeed.org/version/1.1")),
            ("title", .string(document.title)),
        ]
        if let url = document.alternateURL { feed.append(("home_page_url", .string(url.absoluteString))) }
        if let url = document.selfURL { feed.append(("feed_url", .string(url.absoluteString))) }
        if let subtitle = document.subtitle, !subtitle.isEmpty { feed.append(("description", .string(subtitle))) }
        if let icon = document.icon { feed.append(("favicon", .string(icon.absoluteString))) }
        if !document.authors.isEmpty { feed.append(("authors", .array(document.authors.map(person)))) }
        if let language = document.language?.trimmed, !language.isEmpty { feed.append(("language", .string(language))) }
        feed.append(("items", .array(document.entries.map(item))))
        return Data(JSONWriter.bytes(Self.xmlCharactersOnly(.object(feed))))
    }

    /// Strings without the characters XML forbids, so the JSON and Atom feeds say the same.
    private static func xmlCharactersOnly(_ value: JSONValue) -> JSONValue {
        switch value.content {
        case .string(let string): return .string(string.xmlCharactersOnly)
        case .array(let elements): return .array(elements.map(xmlCharactersOnly))
        case .object(let members): return .object(members.map { ($0.key, xmlCharactersOnly($0.value)) })
        default: return value
        }
    }

    private func item(_ entry: FeedDocument.Entry) -> JSONValue {
        var item: [(key: String, value: JSONValue)] = [("id", .string(entry.id))]
        if let url = entry.link { item.append(("url", .string(url.absoluteString))) }
        item.append(("title", .string(entry.title)))
        // JSON Feed §items: content_html or content_text is required; fall back on the summary, then nothing.
        switch entry.content ?? entry.summary ?? .text("") {
        case .html(let html): item.append(("content_html", .string(html)))
        case .text(let text): item.append(("content_text", .string(text)))
        }
        if let summary = entry.summary {
            switch summary {
            case .text(let text), .html(let text): item.append(("summary", .string(text)))
            }
        }
        if let published = entry.published { item.append(("date_published", .string(FeedDate.rfc3339(published)))) }
        item.append(("date_modified", .string(FeedDate.rfc3339(entry.updated))))
        if !entry.authors.isEmpty { item.append(("authors", .array(entry.authors.map(person)))) }
        let tags = entry.categories.filter { !$0.trimmed.isEmpty }
        if !tags.isEmpty { item.append(("tags", .array(tags.map { .string($0) }))) }
        if !entry.enclosures.isEmpty {
            item.append(
                (
                    "attachments",
                    .array(
                        entry.enclosures.map { enclosure in
                            var attachment: [(key: String, value: JSONValue)] = [
                                ("url", .string(enclosure.url.absoluteString)),
                                ("mime_type", .string(FeedIdentifier.mediaType(enclosure.type))),
                            ]
                            if let title = enclosure.title { attachment.append(("title", .string(title))) }
                            if let length = enclosure.length, length >= 0 {
                                attachment.append(("size_in_bytes", .int(length)))
                            }
                            return .object(attachment)
                        })
                ))
        }
        return .object(item)
    }

    private func person(_ person: FeedDocument.Person) -> JSONValue {
        var fields: [(key: String, value: JSONValue)] = [("name", .string(person.name))]
        if let uri = person.uri { fields.append(("url", .string(uri.absoluteString))) }
        return .object(fields)
    }
}
