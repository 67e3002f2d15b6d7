import Foundation
import TrawlHTML
import TrawlJSON

/// Items from JSON: an API's response, or the state a page's scripts carry (`script`).
/// `items` selects the item nodes (RFC 9535 JSONPath); each field is a JSONPath with the
/// item as its root, typed by `FieldExtractor`, and `ItemBuilder` makes the items.
struct JSONScraper {
    let source: SourceConfiguration

    func scrape(_ page: FetchedPage) throws -> ScrapeResult {
        let documents: [JSONValue]
        var base = source.base ?? page.url
        if let script = source.script {
            let document = Document.parseHTML(page.body, url: page.url, contentType: page.contentType)
            base = source.base ?? document.baseURL ?? page.url
            documents = try Self.scripts(script, in: document, url: page.url)
        } else {
            documents = [try Self.document(page)]
        }
        let items = try query(source.items ?? "$", page: page)
        var fields: [(rule: FieldRule, query: JSONPath?)] = []
        for rule in source.fields {
            guard case .json(let text) = rule.locator else {
                fields.append((rule, nil))
                continue
            }
            fields.append((rule, try query(text, page: page)))
        }
        var nodes: [JSONValue] = []
        for document in documents { nodes += try select(items, in: document, page: page) }

        var extractor = FieldExtractor(parser: ValueParser(baseURL: base))
        let builder = ItemBuilder(source: source)
        var result = ScrapeResult()
        for (position, node) in nodes.enumerated() {
            // Past `maxItems` nothing more is built: the rest are only counted.
            guard !result.isFull(at: source.maxItems) else {
                result.droppedOverLimit = nodes.count - position
                break
            }
            var row = FieldRow()
            for field in fields {
                let matches = try select(field.query, in: node, page: page)
                row.append(field.rule.name, extractor.value(of: field.rule, in: matches))
            }
            builder.add(row, to: &result)
        }
        result.warnings += extractor.warnings
        result.unparsed = extractor.unparsed
        result.pageURL = page.url
        return result
    }

    /// The response as JSON; a response that is not (an HTML error page, a login wall) is
    /// a failure that says what came instead.
    static func document(_ page: FetchedPage) throws -> JSONValue {
        do {
            return try JSONParser.parse(page.body, maximumValues: maximumValues)
        } catch  where error.expected == JSONParser.valueLimitExpectation {
            throw ScrapeError.notJSON(
                page.url,
                reason: "the response holds \(error.message) (\(error.position)), more than a json source reads")
        } catch {
            let first = page.body.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
            var looks = ""
            if first == UInt8(ascii: "<") {
                looks = "; it looks like an HTML page"
                let html = Document.parseHTML(page.body, url: page.url)
                if let title = try? html.select("title").first?.text, !title.isEmpty {
                    looks += " titled '\(title)'"
                }
            }
            let type = page.contentType.map { " (\($0))" } ?? ""
            throw ScrapeError.notJSON(page.url, reason: "the response\(type) is not JSON\(looks): \(error)")
        }
    }

    /// The most values one document may hold: a tree costs about a hundred bytes a value, so
    /// this keeps a body within `fetch.maxBytes` (20 MB) of tiny values (`[0,0,…]`, ten
    /// million of them) from taking gigabytes, while a 20 MB API response (some ten bytes a
    /// value or more) reads whole.
    static let maximumValues = 2_500_000

    /// Each element `selector` matches, its text read as JSON, in document order.
    static func scripts(_ selector: String, in document: Document, url: URL) throws -> [JSONValue] {
        let elements = Array(try document.select(selector))
        guard !elements.isEmpty else {
            throw ScrapeError.notJSON(url, reason: "no element matches script `\(selector)`")
        }
        var values: [JSONValue] = []
        for (index, element) in elements.enumerated() {
            do {
                values.append(try EmbeddedJSON.value(in: element.rawText))
            } catch {
                let which = elements.count == 1 ? "" : " (\(Self.ordinal(index + 1)) of \(elements.count))"
                throw ScrapeError.notJSON(url, reason: "script `\(selector)`\(which), \(error)")
            }
        }
        return values
    }

    private static func ordinal(_ number: Int) -> String {
        let suffix: String
        switch (number % 10, number % 100) {
        case (1, let tens) where tens != 11: suffix = "st"
        case (2, let tens) where tens != 12: suffix = "nd"
        case (3, let tens) where tens != 13: suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }

    private func query(_ text: String, page: FetchedPage) throws -> JSONPath {
        do {
            return try JSONPath(text)
        } catch {
            throw ScrapeError.notJSON(page.url, reason: "bad JSONPath: \(error)")
        }
    }

    private func select(_ query: JSONPath?, in value: JSONValue, page: FetchedPage) throws -> [JSONValue] {
        guard let query else { return [value] }
        do {
            return try query.select(value)
        } catch {
            throw ScrapeError.notJSON(page.url, reason: "\(error)")
        }
    }
}
