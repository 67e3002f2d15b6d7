import Foundation
import TrawlDates
import TrawlJSON

extension SnapshotJSON {
    /// The bytes of `snapshot` in the current schema, final newline included: the
    /// snapshot's keys a line each, then one item a line, so a cache kept in git diffs by item.
    static func encode(_ snapshot: Snapshot) -> Data {
        let types = FieldType.types(of: snapshot.items, snapshot.removed)
        var typeOf: [String: FieldType] = [:]
        for entry in types { typeOf[entry.name] = entry.type }
        var writer = JSONWriter(capacity: 64 + (snapshot.items.count + snapshot.removed.count) * 256)
        writer.raw("{\n  \"schemaVersion\": ")
        writer.int(Snapshot.schemaVersion)
        writer.raw(",\n  \"sourceID\": ")
        writer.string(snapshot.sourceID)
        writer.raw(",\n  \"takenAt\": ")
        writer.string(DateCodec.rfc3339(snapshot.takenAt))
        writer.raw(",\n  \"fieldTypes\": {")
        for (index, entry) in types.enumerated() {
            writer.raw(index == 0 ? "" : ", ")
            writer.string(entry.name)
            writer.raw(": ")
            writer.string(entry.type.name)
        }
        writer.raw("},")
        if !snapshot.rules.isEmpty {
            // Sorted, so the same rules always write the same bytes.
            writer.raw("\n  \"rules\": {")
            for (index, rule) in snapshot.rules.sorted(by: { $0.key < $1.key }).enumerated() {
                writer.raw(index == 0 ? "" : ", ")
                writer.string(rule.key)
                writer.raw(": ")
                writer.string(rule.value)
            }
            writer.raw("},")
        }
        writer.raw("\n  \"items\": ")
        items(snapshot.items, types: typeOf, ordered: types, into: &writer)
        writer.raw(",\n  \"removed\": ")
        items(snapshot.removed, types: typeOf, ordered: types, into: &writer)
        writer.raw("\n}\n")
        return Data(writer.bytes)
    }

    private static func items(
        _ items: [Item], types: [String: FieldType], ordered: [(name: String, type: FieldType)],
        into writer: inout JSONWriter
    ) {
        guard !items.isEmpty else { return writer.raw("[]") }
        writer.raw("[")
        for (index, item) in items.enumerated() {
            writer.raw(index == 0 ? "\n    " : ",\n    ")
            self.item(item, types: types, ordered: ordered, into: &writer)
        }
        writer.raw("\n  ]")
    }

    /// `{"id":…,"title":…,"url":…,"date":…,"summary":…,"fields":{…}}`, without white space:
    /// the items are most of the file. Absent values and empty fields are left out.
    private static func item(
        _ item: Item, types: [String: FieldType], ordered: [(name: String, type: FieldType)],
        into writer: inout JSONWriter
    ) {
        writer.raw("{\"id\":")
        writer.string(item.id)
        writer.raw(",\"title\":")
        writer.string(item.title)
        if let url = item.urlText {
            writer.raw(",\"url\":")
            writer.string(url)
        }
        if let date = item.date {
            writer.raw(",\"date\":")
            writer.string(DateCodec.rfc3339(date))
        }
        if let summary = item.summary {
            writer.raw(",\"summary\":")
            writer.string(summary)
        }
        if !item.fields.isEmpty {
            writer.raw(",\"fields\":{")
            for (index, field) in item.fields.enumerated() {
                if index > 0 { writer.raw(",") }
                writer.string(field.name)
                writer.raw(":")
                // Items list their fields in the order of `ordered`: the name at the same place
                // is compared before it is hashed.
                let type =
                    index < ordered.count && ordered[index].name == field.name
                    ? ordered[index].type : types[field.name]
                value(field.value, as: type, into: &writer)
            }
            writer.raw("}")
        }
        writer.raw("}")
    }

    /// A value plainly when it fits the field's type, else tagged with its own type.
    private static func value(_ value: Value, as type: FieldType?, into writer: inout JSONWriter) {
        guard let type, type.fits(value) else { return tagged(value, into: &writer) }
        switch value {
        case .string(let string): writer.string(string)
        case .int(let int): writer.int(int)
        case .double(let double): number(double, into: &writer)
        case .bool(let bool): writer.raw(bool ? "true" : "false")
        case .date(let date): writer.string(DateCodec.rfc3339(date))
        case .url(let url): writer.string(url.absoluteString)
        case .list(let values):
            guard case .list(let elementType) = type else { return tagged(value, into: &writer) }
            writer.raw("[")
            for (index, element) in values.enumerated() {
                if index > 0 { writer.raw(",") }
                self.value(element, as: elementType, into: &writer)
            }
            writer.raw("]")
        }
    }

    /// The form schema version 1 wrote for every value: `{"int":5}`, `{"list":[{"string":"a"}]}`.
    private static func tagged(_ value: Value, into writer: inout JSONWriter) {
        writer.raw("{")
        writer.string(FieldType(of: value).tag)
        writer.raw(":")
        switch value {
        case .list(let values):
            writer.raw("[")
            for (index, element) in values.enumerated() {
                if index > 0 { writer.raw(",") }
                tagged(element, into: &writer)
            }
            writer.raw("]")
        default:
            self.value(value, as: FieldType(of: value), into: &writer)
        }
        writer.raw("}")
    }

    private static func number(_ double: Double, into writer: inout JSONWriter) {
        // The scrapers never keep NaN or infinities (JSON has no words for them); should
        // one come, null keeps the file readable.
        guard let number = JSONNumber(double) else { return writer.raw("null") }
        writer.raw(number.text)
    }
}

extension FieldType {
    /// The key of the tagged form: the type's name, without a list's element type.
    var tag: String {
        if case .list = self { return "list" }
        return name
    }
}
