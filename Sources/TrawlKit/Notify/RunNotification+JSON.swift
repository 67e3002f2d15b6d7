import Foundation
import TrawlJSON

/// The webhook's `json` body (docs/NOTIFY.md): keys sorted, an absent value left out, dates in
/// RFC 3339, laid out as the cache's files are.
extension RunNotification {
    var json: JSONValue {
        .members([
            ("counts", counts.json),
            ("digest", digest.map(JSONValue.string)),
            ("failures", .array(failures.map(\.json))),
            ("finished", .date(finished)),
            ("run", .string(run)),
            ("site", site.map(JSONValue.string)),
            ("siteTitle", .string(siteTitle)),
            ("sources", .array(sources.map(\.json))),
            ("started", .date(started)),
            ("version", .int(version)),
        ])
    }

    /// The bytes a webhook posts.
    var jsonData: Data { CacheJSONLayout.data(json) }
}

extension RunNotification.Counts {
    var json: JSONValue {
        .members([
            ("added", .int(added)), ("changed", .int(changed)), ("changes", .int(changes)),
            ("failures", .int(failures)), ("reappeared", .int(reappeared)), ("removed", .int(removed)),
        ])
    }
}

extension RunNotification.SourceChanges {
    var json: JSONValue {
        .members([
            ("changes", .array(changes.map(\.json))), ("id", .string(id)), ("name", .string(name)),
            ("page", page.map(JSONValue.string)),
        ])
    }
}

extension RunNotification.ItemChange {
    var json: JSONValue {
        .members([
            ("excerpt", excerpt.map(JSONValue.string)), ("fields", .array(fields.map(\.json))), ("id", .string(id)),
            ("kind", .string(kind)),
            ("text", .string(text)), ("title", .string(title)), ("url", url.map(JSONValue.string)),
        ])
    }
}

extension RunNotification.FieldChange {
    var json: JSONValue {
        .members([
            ("after", after.map(JSONValue.string)), ("afterText", .string(afterText)),
            ("before", before.map(JSONValue.string)), ("beforeText", .string(beforeText)),
            ("field", .string(field)),
        ])
    }
}

extension RunNotification.Failure {
    var json: JSONValue {
        .members([
            ("error", error.map(JSONValue.string)), ("errorKind", errorKind.map(JSONValue.string)),
            ("event", .string(event)), ("name", .string(name)), ("source", .string(source)),
            ("text", .string(text)),
        ])
    }
}
