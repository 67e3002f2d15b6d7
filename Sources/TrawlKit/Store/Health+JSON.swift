import Foundation
import TrawlJSON

extension Health: CacheJSONFile {
    var cacheJSON: JSONValue {
        .members([
            ("consecutiveFailures", .int(consecutiveFailures)),
            ("itemCount", .int(itemCount)),
            ("lastAttempt", lastAttempt.map(JSONValue.date)),
            ("lastError", lastError?.cacheJSON),
            ("lastSuccess", lastSuccess.map(JSONValue.date)),
            ("schemaVersion", .int(schemaVersion)),
            ("stale", .bool(stale)),
            ("warnings", warnings.map(JSONValue.strings)),
        ])
    }

    /// `lastError` may be the plain string an older Trawl wrote.
    init(cacheJSON json: CacheJSONField) throws(CacheJSONField.Problem) {
        self.init()
        schemaVersion = try json.required("schemaVersion").int()
        lastAttempt = try json.optional("lastAttempt")?.date()
        lastSuccess = try json.optional("lastSuccess")?.date()
        consecutiveFailures = try json.required("consecutiveFailures").int()
        lastError = try json.optional("lastError", OutcomeError.init(cacheJSON:))
        itemCount = try json.required("itemCount").int()
        stale = try json.required("stale").bool()
        warnings = try json.optional("warnings")?.strings()
    }
}
