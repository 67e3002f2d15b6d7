import Foundation
import TrawlJSON

/// FreshRSS's OPML extension (its docs/en/developers/OPML.md): `HTML+XPath` feeds scrape a
/// page by XPath 1.0, which a `list` source now takes as it is; `JSON+DotNotation` feeds read
/// JSON by dotted paths, which become JSONPath for a `json` source.
extension OPMLImporter {
    /// FreshRSS's item fields and the Trawl field each becomes, with its type.
    static let itemFields: [(suffix: String, field: String, type: String?)] = [
        ("Title", "title", nil), ("Content", "summary", nil), ("Uri", "url", "url"), ("Author", "author", nil),
        ("Timestamp", "date", "date"), ("Thumbnail", "image", "url"), ("Categories", "categories", nil),
        ("Uid", "uid", nil),
    ]

    func freshRSSList(_ outline: Outline, url: URL, into source: inout ImportedSource) {
        source.members += [("kind", .text("list")), ("url", .text(url.absoluteString))]
        guard let items = outline["xPathItem"] else {
            source.members.append(("items", .text("body")))
            source.members.append(("fields", .object([("title", .object([]))])))
            source.notes.append("no frss:xPathItem: the page's body is one item")
            return
        }
        source.members.append(("items", .object([("xpath", .text(items))])))
        source.members += fields(outline, prefix: "xPathItem", rule: "xpath", path: { $0 }, into: &source)
        if outline["xPathItemContent"] != nil {
            source.notes.append("frss:xPathItemContent is kept as text ('summary'), not as HTML")
        }
        noteTimeFormat(outline, "xPathItemTimeFormat", into: &source)
    }

    func freshRSSJSON(_ outline: Outline, url: URL, embedded: Bool, into source: inout ImportedSource) {
        source.members += [("kind", .text("json")), ("url", .text(url.absoluteString))]
        if embedded {
            source.members.append(("script", .text("script")))
            let found = outline["xPathToJson"].map { " (FreshRSS takes it by the XPath '\($0)')" } ?? ""
            source.notes.append("the JSON is looked for in every script element of the page\(found)")
        }
        let items = outline["jsonItem"].map { Self.jsonPath(dotted: $0) + "[*]" } ?? "$[*]"
        source.members.append(("items", .text(items)))
        source.members += fields(
            outline, prefix: "jsonItem", rule: "json", path: { Self.jsonPath(dotted: $0) }, into: &source)
        noteTimeFormat(outline, "jsonItemTimeFormat", into: &source)
    }

    private func fields(
        _ outline: Outline, prefix: String, rule: String, path: (String) -> String, into source: inout ImportedSource
    ) -> [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = []
        for (suffix, field, type) in Self.itemFields {
            guard let expression = outline[prefix + suffix] else { continue }
            var members: [(String, JSONValue)] = [(rule, .text(path(expression)))]
            if let type { members.append(("type", .text(type))) }
            if field == "categories" { members.append(("many", JSONValue(.bool(true)))) }
            fields.append((field, .object(members)))
        }
        if !fields.contains(where: { $0.0 == "title" }) {
            // Trawl needs a title: the item's own text, as FreshRSS shows an untitled entry.
            fields.insert(("title", .object([(rule, .text(rule == "json" ? "$" : "."))])), at: 0)
            source.notes.append("no title rule: an item's title is its whole text")
        }
        var members: [(String, JSONValue)] = [("fields", .object(fields))]
        if fields.contains(where: { $0.0 == "uid" }) { members.append(("idField", .text("uid"))) }
        return members
    }

    private func noteTimeFormat(_ outline: Outline, _ name: String, into source: inout ImportedSource) {
        guard let format = outline[name] else { return }
        source.notes.append(
            "the date format '\(format)' is PHP's; give 'date' a \"format\" in Unicode's patterns (dd MMM yyyy)")
    }

    /// The request settings FreshRSS keeps as curl options, where Trawl has them, and a note
    /// for every other setting it left behind.
    func freshRSSRequest(_ outline: Outline, into source: inout ImportedSource) {
        var headers: [(String, JSONValue)] = []
        if let agent = outline["CURLOPT_USERAGENT"] { headers.append(("User-Agent", .text(agent))) }
        for line in (outline["CURLOPT_HTTPHEADER"] ?? "").split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if !name.isEmpty { headers.append((name, .text(value))) }
        }
        if !headers.isEmpty { source.members.append(("headers", .object(headers))) }
        if let cookie = outline["CURLOPT_COOKIE"] { source.members.append(("cookies", ImportedSource.cookies(cookie))) }
        if let body = outline["CURLOPT_POSTFIELDS"] {
            source.members += [("method", .text("POST")), ("body", ImportedSource.form(body))]
        }
        if let ttl = outline["ttl"].flatMap(Int.init), ttl != 0, abs(ttl) >= 60 {
            source.members.append(("every", .text(IntervalText.text(TimeInterval(abs(ttl))))))
        }
        let left: [(String, String)] = [
            ("CURLOPT_PROXY", "the proxy: set \"proxy\" with its credentials from the environment"),
            ("CURLOPT_COOKIEFILE", "the cookie file: set \"cookies\" to it"),
            ("cssFullContent", "fetching each article's full content"),
            ("filtersActionRead", "the filters that mark entries read"),
            ("unicityCriteria", "the criteria entries are told apart by"),
        ]
        for (attribute, what) in left where outline[attribute] != nil {
            source.notes.append("not imported: \(what) (frss:\(attribute))")
        }
    }

    /// A FreshRSS dotted path (`data.items`, `meta.links[0]`) as a JSONPath from `$`
    /// (`$.data.items`, `$.meta.links[0]`); a name that is not an identifier is bracketed.
    static func jsonPath(dotted: String) -> String {
        var path = "$"
        for segment in dotted.split(separator: ".", omittingEmptySubsequences: true) {
            var name = Substring(segment)
            var indexes = ""
            while name.hasSuffix("]"), let open = name.lastIndex(of: "["),
                Int(name[name.index(after: open)..<name.index(before: name.endIndex)]) != nil
            {
                indexes = String(name[open...]) + indexes
                name = name[..<open]
            }
            if !name.isEmpty {
                let isIdentifier =
                    name.first.map { $0.isLetter || $0 == "_" } == true
                    && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
                path +=
                    isIdentifier
                    ? "." + name
                    : "['"
                        + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
                        + "']"
            }
            path += indexes
        }
        return path
    }
}
