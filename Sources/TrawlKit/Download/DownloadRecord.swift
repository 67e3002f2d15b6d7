import Foundation
import TrawlJSON

/// What Trawl knows about a mirrored file, kept in `Cache/sources/<id>/downloads.json`,
/// so a complete file is skipped and a partial one resumed only if it is still the same.
struct DownloadRecord: Sendable, Hashable {
    var url: String
    var etag: String?
    var lastModified: String?
    /// The full size when known; a file of this size with a matching record is complete.
    var size: Int64?
    var complete: Bool
}

/// `downloads.json`: what is known of each mirrored file of a source, by file name.
///
/// ```json
/// {
///   "files": {
///     "chart.pdf": {
///       "complete": true,
///       "etag": "\"v1\"",
///       "size": 81234,
///       "url": "https://example.org/chart.pdf"
///     }
///   },
///   "schemaVersion": 1
/// }
/// ```
struct DownloadsFile: CacheJSONFile {
    static let schemaVersion = 1
    var schemaVersion: Int { Self.schemaVersion }
    var files: [String: DownloadRecord]

    init(files: [String: DownloadRecord]) {
        self.files = files
    }

    init(cacheJSON json: CacheJSONField) throws(CacheJSONField.Problem) {
        files = [:]
        for (name, entry) in try json.required("files").members() {
            files[name] = DownloadRecord(
                url: try entry.required("url").string(), etag: try entry.optional("etag")?.string(),
                lastModified: try entry.optional("lastModified")?.string(),
                size: (try entry.optional("size")?.int()).map(Int64.init),
                complete: try entry.required("complete").bool())
        }
    }

    var cacheJSON: JSONValue {
        let entries = files.map { name, record -> (key: String, value: JSONValue) in
            (
                key: name,
                value: JSONValue.members([
                    ("complete", .bool(record.complete)),
                    ("etag", record.etag.map(JSONValue.string)),
                    ("lastModified", record.lastModified.map(JSONValue.string)),
                    ("size", record.size.map { JSONValue.number(JSONNumber(Int($0))) }),
                    ("url", .string(record.url)),
                ])
            )
        }
        return .members([("files", .object(entries)), ("schemaVersion", .int(Self.schemaVersion))])
    }
}
