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
///   },
///   "snapshot": {"file": "10026 1796180400123456789 5512 32768", "itemCount": 50},
///   "health": "402 1796180400223456789 5513 32768"
/// }
/// ```
///
/// `snapshot` names the snapshot file the page these validators came with was kept as (its
/// `FileSignature`) and its item count, so a 304 counts the items of a snapshot file that is
/// still that one without reading it. `health` names a `health.json` that a 304 leaves as it
/// is (`Health.isSteady`), so a 304 that finds that very file neither reads nor writes it.
/// An older Trawl ignores both keys.
struct ValidatorsFile: CacheJSONFile {
    static let schemaVersion = 1
    var schemaVersion: Int { Self.schemaVersion }
    var validators: [String: HTTPValidators]
    var snapshot: SnapshotStamp?
    var health: String?

    /// A snapshot file as it was once saved: its `FileSignature` and how many items it holds.
    struct SnapshotStamp: Equatable {
        var file: String
        var itemCount: Int
    }

    init(validators: [String: HTTPValidators], snapshot: SnapshotStamp? = nil) {
        self.validators = validators
        self.snapshot = snapshot
    }

    init(cacheJSON json: CacheJSONField) throws(CacheJSONField.Problem) {
        snapshot = try json.optional("snapshot").map { stamp throws(CacheJSONField.Problem) in
            SnapshotStamp(
                file: try stamp.required("file").string(), itemCount: try stamp.required("itemCount").int())
        }
        health = try json.optional("health")?.string()
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
        return .members([
            ("health", health.map(JSONValue.string)),
            ("schemaVersion", .int(Self.schemaVersion)),
            (
                "snapshot",
                snapshot.map { stamp in
                    .members([("file", .string(stamp.file)), ("itemCount", .int(stamp.itemCount))])
                }
            ),
            ("validators", .object(entries)),
        ])
    }
}
