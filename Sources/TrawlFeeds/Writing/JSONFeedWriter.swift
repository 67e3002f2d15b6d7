import Foundation

/// Writes a `FeedDocument` as JSON Feed 1.1 (https://jsonfeed.org/version/1.1).
///
/// Keys come in a fixed order (the spec's order, `version` first), entries in the order
/// given, so the same document always gives the same bytes.
public struct JSONFeedWriter: Sendable {
    public init() {}

    /// The feed as pretty-printed UTF-8 JSON, ending in a newline.
    public func write(_ document: FeedDocument) -> Data {
        var feed: [(String, JSONValue)] = [
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
        var out = ""
        JSONValue.object(feed).write(into: &out, indent: 0)
        return Data((out + "\n").utf8)
    }

    private func item(_ entry: FeedDocument.Entry) -> JSONValue {
        var item: [(String, JSONValue)] = [("id", .string(entry.id))]
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
                            var attachment: [(String, JSONValue)] = [
                                ("url", .string(enclosure.url.absoluteString)),
                                ("mime_type", .string(FeedIdentifier.mediaType(enclosure.type))),
                            ]
                            if let title = enclosure.title { attachment.append(("title", .string(title))) }
                            if let length = enclosure.length, length >= 0 {
                                attachment.append(("size_in_bytes", .number(length)))
                            }
                            return .object(attachment)
                        })
                ))
        }
        return .object(item)
    }

    private func person(_ person: FeedDocument.Person) -> JSONValue {
        var fields: [(String, JSONValue)] = [("name", .string(person.name))]
        if let uri = person.uri { fields.append(("url", .string(uri.absoluteString))) }
        return .object(fields)
    }
}

/// A JSON value with ordered keys, for output that never depends on hashing.
enum JSONValue {
    case string(String)
    case number(Int)
    case array([JSONValue])
    case object([(String, JSONValue)])

    func write(into out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1)
        switch self {
        case .string(let text): out += text.jsonQuoted
        case .number(let number): out += String(number)
        case .array(let values) where values.isEmpty: out += "[]"
        case .object(let fields) where fields.isEmpty: out += "{}"
        case .array(let values):
            out += "[\n"
            for (index, value) in values.enumerated() {
                out += pad
                value.write(into: &out, indent: indent + 1)
                out += index == values.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .object(let fields):
            out += "{\n"
            for (index, (key, value)) in fields.enumerated() {
                out += pad + key.jsonQuoted + ": "
                value.write(into: &out, indent: indent + 1)
                out += index == fields.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }
}
