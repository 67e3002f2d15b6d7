import TrawlJSON

/// `robots.json`: each host's robots.txt as the last night read it, kept for the next
/// (`RobotsRecord`; RFC 9309 §2.4 lets a crawler use it for a day, then ask conditionally).
///
/// ```json
/// {
///   "robots": {
///     "https://example.org:443": {
///       "checked": "2026-12-02T03:00:00Z",
///       "etag": "\"r1\"",
///       "text": "User-agent: *\nDisallow: /private\n"
///     }
///   },
///   "schemaVersion": 1
/// }
/// ```
/// A host whose robots.txt answered 4xx (everything allowed) has no `text`.
struct RobotsFile: CacheJSONFile {
    static let schemaVersion = 1
    var schemaVersion: Int { Self.schemaVersion }
    var robots: [String: RobotsRecord]

    init(robots: [String: RobotsRecord]) {
        self.robots = robots
    }

    init(cacheJSON json: CacheJSONField) throws(CacheJSONField.Problem) {
        robots = [:]
        for (origin, entry) in try json.required("robots").members() {
            robots[origin] = RobotsRecord(
                text: try entry.optional("text")?.string(),
                validators: HTTPValidators(
                    etag: try entry.optional("etag")?.string(),
                    lastModified: try entry.optional("lastModified")?.string()),
                checked: try entry.required("checked").date())
        }
    }

    var cacheJSON: JSONValue {
        let entries = robots.map { origin, record -> (key: String, value: JSONValue) in
            (
                key: origin,
                value: JSONValue.members([
                    ("checked", .date(record.checked)),
                    ("etag", record.validators.etag.map(JSONValue.string)),
                    ("lastModified", record.validators.lastModified.map(JSONValue.string)),
                    ("text", record.text.map(JSONValue.string)),
                ])
            )
        }
        return .members([("robots", .object(entries)), ("schemaVersion", .int(Self.schemaVersion))])
    }
}
