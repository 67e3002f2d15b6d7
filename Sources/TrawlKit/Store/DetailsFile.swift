import Foundation
import TrawlJSON

/// `details.json`: per item id, what was read from the item's own page (`DetailRecord`).
///
/// ```json
/// {
///   "items": {
///     "https://example.org/a": {
///       "article": { "excerpt": "…", "html": "<p>…</p>", "title": "…" },
///       "etag": "\"v1\"", "failures": 0, "fields": [], "readAt": "2026-12-01T02:00:00Z",
///       "settings": "3f2a…", "url": "https://example.org/a"
///     }
///   },
///   "schemaVersion": 1
/// }
/// ```
struct DetailsFile: CacheJSONFile {
    static let schemaVersion = 1
    var schemaVersion: Int { Self.schemaVersion }
    /// Articles are kept whole: a thousand long ones fit.
    static var maxFileBytes: Int { 256 << 20 }
    var records: [String: DetailRecord]

    init(records: [String: DetailRecord]) {
        self.records = records
    }

    init(cacheJSON json: CacheJSONField) throws(CacheJSONField.Problem) {
        records = [:]
        for (id, entry) in try json.required("items").members() {
            var record = DetailRecord(
                url: try entry.required("url").string(), settings: try entry.required("settings").string())
            record.validators = HTTPValidators(
                etag: try entry.optional("etag")?.string(), lastModified: try entry.optional("lastModified")?.string())
            record.readAt = try entry.optional("readAt")?.date()
            record.fields = try entry.required("fields").array { field throws(CacheJSONField.Problem) in
                Item.Field(try field.required("name").string(), try Value(taggedJSON: field.required("value")))
            }
            record.article = try entry.optional("article", DetailArticle.init(cacheJSON:))
            record.failures = try entry.required("failures").int()
            record.problem = try entry.optional("problem")?.string()
            records[id] = record
        }
    }

    var cacheJSON: JSONValue {
        let entries = records.map { id, record -> (key: String, value: JSONValue) in
            (
                key: id,
                value: JSONValue.members([
                    ("article", record.article?.cacheJSON),
                    ("etag", record.validators.etag.map(JSONValue.string)),
                    ("failures", .int(record.failures)),
                    (
                        "fields",
                        .array(
                            record.fields.map {
                                .members([("name", .string($0.name)), ("value", $0.value.taggedJSON)])
                            }
                        )
                    ),
                    ("lastModified", record.validators.lastModified.map(JSONValue.string)),
                    ("problem", record.problem.map(JSONValue.string)),
                    ("readAt", record.readAt.map(JSONValue.date)),
                    ("settings", .string(record.settings)),
                    ("url", .string(record.url)),
                ])
            )
        }
        return .members([
            ("items", .object(entries.sorted { $0.key < $1.key })), ("schemaVersion", .int(Self.schemaVersion)),
        ])
    }
}

extension DetailArticle {
    var cacheJSON: JSONValue {
        .members([
            ("byline", byline.map(JSONValue.string)),
            ("excerpt", excerpt.map(JSONValue.string)),
            ("html", .string(html)),
            ("image", image.map(JSONValue.string)),
            ("published", published.map(JSONValue.string)),
            ("title", title.map(JSONValue.string)),
        ])
    }

    init(cacheJSON json: CacheJSONField) throws(CacheJSONField.Problem) {
        self.init(
            title: try json.optional("title")?.string(), byline: try json.optional("byline")?.string(),
            published: try json.optional("published")?.string(), excerpt: try json.optional("excerpt")?.string(),
            image: try json.optional("image")?.string(), html: try json.required("html").string())
    }
}
