import Foundation
import TrawlDates
import TrawlJSON

/// Snapshots to and from JSON without `Codable`: the cache's large files.
///
/// Schema version 2 (written) keeps each item's fields as plain JSON values with the
/// field types once per snapshot; version 1 (read, and rewritten as 2 by the next save)
/// kept fields as `[{"name": …, "value": {"int": 5}}]`. docs/CACHE.md shows both.
enum SnapshotJSON {
    /// The versions this Trawl reads.
    static let readableVersions = 1...Snapshot.schemaVersion

    /// Why a well-formed file is not a snapshot, said as a path: `items[0].id is not a string`.
    struct ContentError: Error {
        var message: String
    }

    /// The version a parsed file claims; nil when it has none.
    static func version(of json: JSONValue) -> Int? {
        json["schemaVersion"]?.numberValue?.int
    }

    /// The snapshot in `json`, whose version the caller has checked is readable; the
    /// result keeps that version, so the store knows to rewrite an old file.
    static func decode(_ json: JSONValue, version: Int) throws(ContentError) -> Snapshot {
        let ordered = try fieldTypes(json)
        var types: [String: FieldType] = [:]
        for entry in ordered { types[entry.name] = entry.type }
        let reader = Reader(version: version, types: types, orderedTypes: ordered)
        let sourceID = try reader.string(reader.required(json, "sourceID", at: ""), at: "sourceID")
        let takenAt = try reader.date(reader.required(json, "takenAt", at: ""), at: "takenAt")
        let items = try reader.items(reader.required(json, "items", at: ""), at: "items")
        let removed = try json["removed"].map { value throws(ContentError) in try reader.items(value, at: "removed") }
        var snapshot = Snapshot(sourceID: sourceID, takenAt: takenAt, items: items, removed: removed ?? [])
        snapshot.schemaVersion = version
        if let rules = json["rules"]?.objectValue {
            for member in rules {
                guard let digest = member.value.stringValue else {
                    throw ContentError(message: "rules.\(member.key) is not a string")
                }
                snapshot.rules[member.key] = digest
            }
        }
        return snapshot
    }

    private static func fieldTypes(_ json: JSONValue) throws(ContentError) -> [(name: String, type: FieldType)] {
        guard let value = json["fieldTypes"] else { return [] }
        guard let members = value.objectValue else { throw ContentError(message: "fieldTypes is not an object") }
        var types: [(name: String, type: FieldType)] = []
        for member in members {
            guard let name = member.value.stringValue, let type = FieldType(name: name) else {
                throw ContentError(message: "fieldTypes.\(member.key) is not a field type")
            }
            types.append((member.key, type))
        }
        return types
    }

    private struct Reader {
        var version: Int
        var types: [String: FieldType]
        /// The same, in the order written.
        var orderedTypes: [(name: String, type: FieldType)]

        func required(
            _ object: JSONValue, _ key: String, at path: @autoclosure () -> String
        ) throws(ContentError) -> JSONValue {
            guard object.objectValue != nil else { throw ContentError(message: "\(describe(path())) is not an object") }
            guard let value = object[key] else {
                throw ContentError(message: "'\(key)' is missing" + (path().isEmpty ? "" : " in \(path())"))
            }
            return value
        }

        private func describe(_ path: String) -> String { path.isEmpty ? "the top level" : path }

        func string(_ value: JSONValue, at path: @autoclosure () -> String) throws(ContentError) -> String {
            guard case .string(let string) = value.content else {
                throw ContentError(message: "\(path()) is not a string")
            }
            return string
        }

        func date(_ value: JSONValue, at path: @autoclosure () -> String) throws(ContentError) -> Date {
            guard let date = DateCodec.parseRFC3339(try string(value, at: path())) else {
                throw ContentError(message: "\(path()) is not an RFC 3339 date")
            }
            return date
        }

        func url(_ value: JSONValue, at path: @autoclosure () -> String) throws(ContentError) -> URL {
            guard let url = URL(string: try string(value, at: path())) else {
                throw ContentError(message: "\(path()) is not a URL")
            }
            return url
        }

        func items(_ value: JSONValue, at path: @autoclosure () -> String) throws(ContentError) -> [Item] {
            guard case .array(let elements) = value.content else {
                throw ContentError(message: "\(path()) is not an array")
            }
            var items: [Item] = []
            items.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                items.append(try item(element, at: "\(path())[\(index)]"))
            }
            return items
        }

        private func item(_ json: JSONValue, at path: @autoclosure () -> String) throws(ContentError) -> Item {
            guard case .object(let members) = json.content else {
                throw ContentError(message: "\(path()) is not an object")
            }
            var id: String?
            var title: String?
            var item = Item(id: "", title: "")
            var fields: JSONValue?
            for member in members {
                switch member.key {
                case "id": id = try string(member.value, at: "\(path()).id")
                case "title": title = try string(member.value, at: "\(path()).title")
                case "url": item.url = try url(member.value, at: "\(path()).url")
                case "date": item.date = try date(member.value, at: "\(path()).date")
                case "summary": item.summary = try string(member.value, at: "\(path()).summary")
                case "fields": fields = member.value
                default: break
                }
            }
            guard let id else { throw ContentError(message: "'id' is missing in \(path())") }
            guard let title else { throw ContentError(message: "'title' is missing in \(path())") }
            item.id = id
            item.title = title
            if let fields {
                item.fields =
                    try version == 1 ? taggedFields(fields, at: "\(path()).fields") : plainFields(fields, at: path())
            } else if version == 1 {
                throw ContentError(message: "'fields' is missing in \(path())")
            }
            return item
        }

        /// Version 2: `{"scale": 80000, "tags": ["a"]}`, read by the snapshot's field types.
        private func plainFields(
            _ json: JSONValue, at path: @autoclosure () -> String
        ) throws(ContentError) -> [Item.Field] {
            guard case .object(let members) = json.content else {
                throw ContentError(message: "\(path()).fields is not an object")
            }
            var fields: [Item.Field] = []
            fields.reserveCapacity(members.count)
            for (index, member) in members.enumerated() {
                // Items list their fields in one order, which `fieldTypes` keeps: compare
                // the name at the same place before hashing it.
                let type =
                    index < orderedTypes.count && orderedTypes[index].name == member.key
                    ? orderedTypes[index].type : types[member.key]
                let value = try plain(member.value, as: type, at: "\(path()).fields.\(member.key)")
                fields.append(Item.Field(member.key, value))
            }
            return fields
        }

        /// Version 1: `[{"name": "scale", "value": {"int": 80000}}]`.
        private func taggedFields(
            _ json: JSONValue, at path: @autoclosure () -> String
        ) throws(ContentError) -> [Item.Field] {
            guard case .array(let elements) = json.content else {
                throw ContentError(message: "\(path()) is not an array")
            }
            var fields: [Item.Field] = []
            for (index, element) in elements.enumerated() {
                let fieldPath = "\(path())[\(index)]"
                let name = try string(required(element, "name", at: fieldPath), at: "\(fieldPath).name")
                fields.append(
                    Item.Field(name, try tagged(required(element, "value", at: fieldPath), at: "\(fieldPath).value")))
            }
            return fields
        }

        private func plain(
            _ json: JSONValue, as type: FieldType?, at path: @autoclosure () -> String
        ) throws(ContentError) -> Value {
            if case .object = json.content { return try tagged(json, at: path()) }
            guard let type else { throw ContentError(message: "\(path()) has no field type") }
            switch (type, json.content) {
            case (.string, .string(let string)): return .string(string)
            case (.url, .string): return .url(try url(json, at: path()))
            case (.date, .string(let text)):
                guard let date = DateCodec.parseRFC3339(text) else {
                    throw ContentError(message: "\(path()) is not an RFC 3339 date")
                }
                return .date(date)
            case (.int, .number(let number)):
                guard let int = number.int else { throw ContentError(message: "\(path()) is not a whole number") }
                return .int(int)
            case (.number, .number(let number)): return .double(number.double ?? .nan)
            case (.number, .null): return .double(.nan)
            case (.bool, .bool(let bool)): return .bool(bool)
            case (.list(let element), .array(let elements)):
                var values: [Value] = []
                values.reserveCapacity(elements.count)
                for (index, value) in elements.enumerated() {
                    values.append(try plain(value, as: element, at: "\(path())[\(index)]"))
                }
                return .list(values)
            default:
                throw ContentError(message: "\(path()) is \(json.kindDescription), not a \(type.name)")
            }
        }

        /// A value tagged with its type, as version 1 wrote them all: `{"int": 80000}`.
        private func tagged(_ json: JSONValue, at path: @autoclosure () -> String) throws(ContentError) -> Value {
            guard case .object(let members) = json.content, members.count == 1,
                let type = FieldType(name: members[0].key), type.tag == members[0].key
            else {
                throw ContentError(message: "\(path()) is not an object with one key naming its type")
            }
            let inner = members[0].value
            let innerPath = "\(path()).\(members[0].key)"
            if case .list = type {
                guard case .array(let elements) = inner.content else {
                    throw ContentError(message: "\(innerPath) is not an array")
                }
                var values: [Value] = []
                for (index, element) in elements.enumerated() {
                    values.append(try tagged(element, at: "\(innerPath)[\(index)]"))
                }
                return .list(values)
            }
            return try plain(inner, as: type, at: innerPath)
        }
    }
}
