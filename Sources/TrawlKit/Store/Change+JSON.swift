import Foundation
import TrawlJSON

// A run record's changes, as the cache stores them: items whole, with their fields as a
// list of `{"name", "value"}` and every value tagged with its type (`{"int" : 80000}`), the
// form the records had from the first version, so records keep their bytes.

extension Change {
    var cacheJSON: JSONValue {
        .members([
            ("after", after?.recordJSON),
            ("before", before?.recordJSON),
            ("detectedAt", .date(detectedAt)),
            ("fieldChanges", .array(fieldChanges.map(\.cacheJSON))),
            ("itemID", .string(itemID)),
            ("kind", .string(kind.rawValue)),
            ("sourceID", .string(sourceID)),
            ("trackedItems", trackedItems.map(JSONValue.int)),
        ])
    }

    init(cacheJSON json: CacheJSONField) throws(CacheJSONField.Problem) {
        self.init(
            kind: try json.required("kind").oneOf(Kind.self),
            sourceID: try json.required("sourceID").string(),
            itemID: try json.required("itemID").string(),
            detectedAt: try json.required("detectedAt").date(),
            after: try json.optional("after", Item.init(recordJSON:)),
            before: try json.optional("before", Item.init(recordJSON:)),
            fieldChanges: try json.required("fieldChanges").array(FieldChange.init(cacheJSON:)),
            trackedItems: try json.optional("trackedItems")?.int())
    }
}

extension Change.FieldChange {
    var cacheJSON: JSONValue {
        .members([("field", .string(field)), ("new", new?.taggedJSON), ("old", old?.taggedJSON)])
    }

    init(cacheJSON json: CacheJSONField) throws(CacheJSONField.Problem) {
        self.init(
            field: try json.required("field").string(),
            old: try json.optional("old", Value.init(taggedJSON:)),
            new: try json.optional("new", Value.init(taggedJSON:)))
    }
}

extension Item {
    /// An item in a run record: absent values left out, fields in order.
    var recordJSON: JSONValue {
        .members([
            ("date", date.map(JSONValue.date)),
            (
                "fields",
                .array(fields.map { .members([("name", .string($0.name)), ("value", $0.value.taggedJSON)]) })
            ),
            ("id", .string(id)),
            ("summary", summary.map(JSONValue.string)),
            ("title", .string(title)),
            ("url", urlText.map(JSONValue.string)),
        ])
    }

    init(recordJSON json: CacheJSONField) throws(CacheJSONField.Problem) {
        self.init(
            id: try json.required("id").string(), title: try json.required("title").string(),
            url: try json.optional("url")?.url(), date: try json.optional("date")?.date(),
            summary: try json.optional("summary")?.string(),
            fields: try json.required("fields").array { field throws(CacheJSONField.Problem) in
                Field(try field.required("name").string(), try Value(taggedJSON: field.required("value")))
            })
    }
}

extension Value {
    /// The value as a one-key object naming its type: `{"int" : 80000}`, `{"list" : [{"string" : "a"}]}`.
    var taggedJSON: JSONValue {
        let inner: JSONValue
        switch self {
        case .string(let string): inner = .string(string)
        case .int(let int): inner = .int(int)
        case .double(let double): inner = .double(double)
        case .bool(let bool): inner = .bool(bool)
        case .date(let date): inner = .date(date)
        case .url(let url): inner = .url(url)
        case .list(let values): inner = .array(values.map(\.taggedJSON))
        }
        return .object([(typeName, inner)])
    }

    init(taggedJSON json: CacheJSONField) throws(CacheJSONField.Problem) {
        guard let members = json.value.objectValue, members.count == 1 else {
            throw json.problem("is not an object with one key naming its type")
        }
        let key = members[0].key
        let inner = CacheJSONField(members[0].value, path: json.path.isEmpty ? key : "\(json.path).\(key)")
        switch key {
        case "string": self = .string(try inner.string())
        case "int": self = .int(try inner.int())
        case "number": self = .double(try inner.double())
        case "bool": self = .bool(try inner.bool())
        case "url": self = .url(try inner.url())
        case "date": self = .date(try inner.date())
        case "list":
            self = .list(try inner.array(Value.init(taggedJSON:)))
        default: throw json.problem("names no type Trawl knows ('\(key)')")
        }
    }
}
