import TrawlJSON

/// `http.json`: the validators of each URL a source fetched, for conditional GET.
///
/// ```json
/// {
///   "schemaVersion": 1,
///   "validators": {
///     "https://example.org/list": {
///       "etag": "\"v1\"",
///       "lastModified": "Sun, 06 Nov 1994 08:49:37 GMT"
///     }
///   }
/// }
/// ```
struct ValidatorsFile: CacheJSONFile {
    static let schemaVersion = 1
    var schemaVersion: Int { Self.schemaVersion }
    var validators: [String: HTTPValidators]

    init(validators: [String: HTTPValidators]) {
        self.validators = validators
    }

    init(cacheJSON json: CacheJSONField) throws(CacheJSONField.Problem) {
        validators = [:]
        for (url, entry) in try json.required("validators").members() {
            validators[url] = HTTPValidators(
                etag: try entry.optional("etag")?.string(), lastModified: try entry.optional("lastModified")?.string())
        }
    }

    var cacheJSON: JSONValue {
        let entries = validators.map { url, validators -> (key: String, value: JSONValue) in
            (
                key: url,
                value: JSONValue.members([
                    ("etag", validators.etag.map(JSONValue.string)),
                    ("lastModified", validators.lastModified.map(JSONValue.string)),
                ])
            )
        }
        return .members([("schemaVersion", .int(Self.schemaVersion)), ("validators", .object(entries))])
    }
}
