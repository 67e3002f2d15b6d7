import TrawlHTML
import TrawlJSON

/// The schema.org article a page describes in JSON-LD (`<script type="application/ld+json">`),
/// if any: the first object, at the top, in an array or in an `@graph`, whose `@type` is an
/// article or posting.
struct LinkedData {
    var title: String?
    var author: String?
    var description: String?
    var publisher: String?
    var published: String?
    var image: String?

    init(_ document: Document) {
        let scripts = (try? document.select("script[type='application/ld+json']")) ?? NodeList([])
        for script in scripts {
            guard let value = try? JSONParser.parse(script.rawText), let article = Self.article(in: value) else {
                continue
            }
            title = Self.string(article["headline"]) ?? Self.string(article["name"])
            author = Self.names(article["author"]) ?? Self.names(article["creator"])
            description = Self.string(article["description"])
            publisher = Self.names(article["publisher"])
            published = Self.string(article["datePublished"])
            image = Self.url(article["image"]) ?? Self.url(article["thumbnailUrl"])
            return
        }
    }

    private static func article(in value: JSONValue) -> JSONValue? {
        var queue = [value]
        var seen = 0
        while !queue.isEmpty, seen < 200 {
            let next = queue.removeFirst()
            seen += 1
            if let elements = next.arrayValue {
                queue += elements
                continue
            }
            guard next.objectValue != nil else { continue }
            if isArticleType(next["@type"]) { return next }
            if let graph = next["@graph"] { queue.append(graph) }
        }
        return nil
    }

    static func isArticleType(_ type: JSONValue?) -> Bool {
        let names = type?.arrayValue?.compactMap(\.stringValue) ?? type?.stringValue.map { [$0] } ?? []
        return names.contains { name in
            let bare = name.split(separator: "/").last.map(String.init) ?? name
            return bare.hasSuffix("Article") || bare.hasSuffix("Posting") || bare == "Report" || bare == "APIReference"
        }
    }

    private static func string(_ value: JSONValue?) -> String? {
        guard let text = value?.stringValue else { return nil }
        let collapsed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return collapsed.isEmpty ? nil : collapsed
    }

    /// A person or organisation, or several: their names, joined with commas.
    private static func names(_ value: JSONValue?) -> String? {
        guard let value else { return nil }
        if let elements = value.arrayValue {
            let all = elements.compactMap { names($0) }
            return all.isEmpty ? nil : all.joined(separator: ", ")
        }
        return string(value) ?? string(value["name"])
    }

    private static func url(_ value: JSONValue?) -> String? {
        guard let value else { return nil }
        if let first = value.arrayValue?.first { return url(first) }
        return string(value) ?? string(value["url"]) ?? string(value["contentUrl"])
    }
}
