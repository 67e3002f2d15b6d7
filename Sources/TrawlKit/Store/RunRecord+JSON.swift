import Foundation
import TrawlJSON

/// A cache file read from its parsed JSON without `Codable`, and why it does not fit said
/// by path and position.
protocol CacheJSONDecodable: CacheFile {
    init(cacheJSON json: CacheJSONField) throws(CacheJSONField.Problem)
}

/// A cache file read and written through TrawlJSON in `CacheJSONLayout`.
protocol CacheJSONFile: CacheJSONDecodable {
    var cacheJSON: JSONValue { get }
}

extension RunRecord: CacheJSONFile {
    /// A night's changes, each with its item whole: as large as snapshots may be.
    static var maxFileBytes: Int { 256 << 20 }

    var cacheJSON: JSONValue {
        .members([
            ("changes", .array(changes.map(\.cacheJSON))),
            ("finished", .date(finished)),
            ("id", .string(id)),
            ("missingShards", missingShards.map { .array($0.map(\.cacheJSON)) }),
            ("outcomes", .array(outcomes.map(\.cacheJSON))),
            ("positions", positions.map { .array($0.map(JSONValue.int)) }),
            ("schemaVersion", .int(schemaVersion)),
            ("shard", shard?.cacheJSON),
            ("started", .date(started)),
        ])
    }

    init(cacheJSON json: CacheJSONField) throws(CacheJSONField.Problem) {
        self.init(
            id: try json.required("id").string(), started: try json.required("started").date(),
            finished: try json.required("finished").date(),
            outcomes: try json.required("outcomes").array(Outcome.init(cacheJSON:)),
            changes: try json.required("changes").array(Change.init(cacheJSON:)))
        schemaVersion = try json.required("schemaVersion").int()
        shard = try json.optional("shard", Shard.init(cacheJSON:))
        positions = try json.optional("positions")?.array { field throws(CacheJSONField.Problem) in try field.int() }
        missingShards = try json.optional("missingShards")?.array(Shard.init(cacheJSON:))
    }
}

extension RunRecord.Outcome {
    var cacheJSON: JSONValue {
        .members([
            ("error", error?.cacheJSON),
            ("itemCount", .int(itemCount)),
            ("sourceID", .string(sourceID)),
            ("status", .string(status.rawValue)),
            ("warnings", warnings.map(JSONValue.strings)),
        ])
    }

    init(cacheJSON json: CacheJSONField) throws(CacheJSONField.Problem) {
        self.init(
            sourceID: try json.required("sourceID").string(), status: try json.required("status").oneOf(Status.self),
            itemCount: try json.required("itemCount").int(),
            error: try json.optional("error", OutcomeError.init(cacheJSON:)),
            warnings: try json.optional("warnings")?.strings())
    }
}

extension OutcomeError {
    /// `{"kind" : "httpStatus", "message" : "…", "status" : 404, "url" : "…"}`: the context
    /// members only where they apply.
    var cacheJSON: JSONValue {
        .members([
            ("kind", .string(kind.rawValue)),
            ("message", .string(message)),
            ("path", path.map(JSONValue.string)),
            ("selector", selector.map(JSONValue.string)),
            ("status", status.map(JSONValue.int)),
            ("url", url.map(JSONValue.url)),
        ])
    }

    /// An error object, or the plain string a Trawl that did not type its errors wrote
    /// (read as kind `other`). A kind this Trawl does not know (a newer one's) reads as `other`.
    init(cacheJSON json: CacheJSONField) throws(CacheJSONField.Problem) {
        if let text = json.value.stringValue {
            self.init(text: text)
            return
        }
        guard json.value.objectValue != nil else { throw json.problem("is not an error object or its text") }
        let kind = try json.required("kind").string()
        self.init(
            kind: Kind(rawValue: kind) ?? .other, message: try json.required("message").string(),
            url: try json.optional("url")?.url(), status: try json.optional("status")?.int(),
            selector: try json.optional("selector")?.string(), path: try json.optional("path")?.string())
    }
}

extension Shard {
    var cacheJSON: JSONValue { .members([("count", .int(count)), ("index", .int(index))]) }

    init(cacheJSON json: CacheJSONField) throws(CacheJSONField.Problem) {
        let index = try json.required("index").int()
        let count = try json.required("count").int()
        guard let shard = try? Shard(index: index, count: count) else {
            throw json.problem("is shard \(index) of \(count), which does not exist")
        }
        self = shard
    }
}

extension CacheStore {
    /// The bytes a run record or health is stored as: pretty JSON with a final newline.
    static func encode(_ file: some CacheJSONFile) -> Data {
        CacheJSONLayout.data(file.cacheJSON)
    }

    /// Writes `file` atomically, unless the file already holds exactly these bytes.
    /// - Returns: true when the file was written.
    @discardableResult
    func write(_ file: some CacheJSONFile, to url: URL) throws -> Bool {
        try AtomicFile.write(Self.encode(file), to: url)
    }
}
