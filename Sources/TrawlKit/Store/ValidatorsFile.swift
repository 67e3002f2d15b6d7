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
struct ValidatorsFile: JSONCacheFile {
    static let schemaVersion = 1
    var validators: [String: HTTPValidators]

    init(validators: [String: HTTPValidators]) {
        self.validators = validators
    }

    init(json: CacheJSONObject) throws(CacheJSONObject.ContentError) {
        validators = [:]
        for (url, entry) in try json.objects("validators") {
            validators[url] = HTTPValidators(
                etag: try entry.optionalString("etag"), lastModified: try entry.optionalString("lastModified"))
        }
    }

    var json: [(key: String, value: JSONValue)] {
        let entries = validators.sorted { $0.key < $1.key }.map { url, validators -> (key: String, value: JSONValue) in
            (
                key: url,
                value: JSONValue.members([
                    ("etag", validators.etag.map(JSONValue.string)),
                    ("lastModified", validators.lastModified.map(JSONValue.string)),
                ])
            )
        }
        return [("schemaVersion", .int(Self.schemaVersion)), ("validators", .object(entries))]
    }
}
