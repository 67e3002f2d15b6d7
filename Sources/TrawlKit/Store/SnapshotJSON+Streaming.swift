import Foundation
import TrawlDates
import TrawlJSON

extension SnapshotJSON {
    /// A schema version 2 snapshot read in one pass straight from its bytes (`JSONPullReader`):
    /// no `JSONValue` tree, dates read in place. Nil for anything it does not read that way
    /// — any syntax or content error, version 1, top-level keys repeated or out of the order
    /// Trawl writes them — and the caller then reads the file through the tree (`decode`),
    /// which names what is wrong. So both ways give the same snapshot, or the same error.
    static func read(_ bytes: UnsafeRawBufferPointer) -> Snapshot? {
        var reader = StreamingReader(reader: JSONPullReader(bytes), bytes: bytes)
        return try? reader.snapshot()
    }
}

/// Why the one-pass read gave up; the tree says more.
private struct Declined: Error {}

private struct StreamingReader {
    var reader: JSONPullReader
    let bytes: UnsafeRawBufferPointer
    var types: [String: FieldType] = [:]
    /// The same, in the order written.
    var orderedTypes: [(name: String, type: FieldType)] = []
    /// Their names' bytes, to find a field's name and type without making a `String`.
    var orderedNames: [[UInt8]] = []

    mutating func snapshot() throws -> Snapshot {
        guard try reader.beginObject() else { throw Declined() }
        var version: Int?
        var sourceID: String?
        var takenAt: Date?
        var typesRead = false
        var items: [Item]?
        var removed: [Item]?
        var rules: [String: String] = [:]
        repeat {
            switch try reader.key() {
            case "schemaVersion":
                guard version == nil, try reader.int() == Snapshot.schemaVersion else { throw Declined() }
                version = Snapshot.schemaVersion
            case "sourceID":
                guard sourceID == nil else { throw Declined() }
                sourceID = try reader.string()
            case "takenAt":
                guard takenAt == nil else { throw Declined() }
                takenAt = try date()
            case "fieldTypes":
                // The items are read by these types, so they must come first, as Trawl writes them.
                guard !typesRead, items == nil, removed == nil else { throw Declined() }
                try fieldTypes()
                typesRead = true
            case "items":
                guard items == nil, version != nil else { throw Declined() }
                items = try self.items()
            case "removed":
                guard removed == nil, version != nil else { throw Declined() }
                removed = try self.items()
            case "rules":
                guard rules.isEmpty else { throw Declined() }
                guard try reader.beginObject() else { break }
                repeat {
                    let name = try reader.key()
                    rules[name] = try reader.string()
                } while try reader.nextMember()
            default:
                try reader.skipValue()
            }
        } while try reader.nextMember()
        try reader.end()
        guard let version, let sourceID, let takenAt, let items else { throw Declined() }
        var snapshot = Snapshot(sourceID: sourceID, takenAt: takenAt, items: items, removed: removed ?? [])
        snapshot.schemaVersion = version
        snapshot.rules = rules
        return snapshot
    }

    private mutating func fieldTypes() throws {
        guard try reader.beginObject() else { return }
        repeat {
            let name = try reader.key()
            guard let type = FieldType(name: try reader.string()) else { throw Declined() }
            orderedTypes.append((name, type))
            orderedNames.append(Array(name.utf8))
            types[name] = type
        } while try reader.nextMember()
    }

    private mutating func items() throws -> [Item] {
        var items: [Item] = []
        guard try reader.beginArray() else { return items }
        // Trawl writes an item a line: the lines left are enough room, without growing.
        items.reserveCapacity(Self.lineBreaks(in: UnsafeRawBufferPointer(rebasing: bytes[reader.position.offset...])))
        repeat {
            items.append(try item())
        } while try reader.nextElement()
        return items
    }

    private mutating func item() throws -> Item {
        guard try reader.beginObject() else { throw Declined() }
        var id: String?
        var title: String?
        var item = Item(id: "", title: "")
        repeat {
            switch try itemKey() {
            case .id: id = try reader.string()
            case .title: title = try reader.string()
            case .url: item.link = try link(sameAs: id)
            case .date: item.date = try date()
            case .summary: item.summary = try reader.string()
            case .fields: item.fields = try fields()
            case .other: try reader.skipValue()
            }
        } while try reader.nextMember()
        guard let id, let title else { throw Declined() }
        item.id = id
        item.title = title
        return item
    }

    private enum ItemKey {
        case id, title, url, date, summary, fields, other
    }

    /// An item's key, matched on its bytes in place when it is plain ASCII (it always is).
    private mutating func itemKey() throws -> ItemKey {
        guard let key = reader.asciiKey() else {
            switch try reader.key() {
            case "id": return .id
            case "title": return .title
            case "url": return .url
            case "date": return .date
            case "summary": return .summary
            case "fields": return .fields
            default: return .other
            }
        }
        switch key.count {
        case 2 where Self.equal(key, "id"): return .id
        case 3 where Self.equal(key, "url"): return .url
        case 4 where Self.equal(key, "date"): return .date
        case 5 where Self.equal(key, "title"): return .title
        case 6 where Self.equal(key, "fields"): return .fields
        case 7 where Self.equal(key, "summary"): return .summary
        default: return .other
        }
    }

    private static func equal(_ bytes: UnsafeRawBufferPointer, _ word: StaticString) -> Bool {
        equal(bytes, UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
    }

    /// Byte by byte: the names are short, shorter than a call to `memcmp` is worth.
    private static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        for index in 0..<a.count where a[index] != b[index] { return false }
        return true
    }

    /// The count of `\n` in `bytes`: `memchr` is vectorised, and a line is an item long.
    static func lineBreaks(in bytes: UnsafeRawBufferPointer) -> Int {
        guard var at = bytes.baseAddress else { return 0 }
        let end = at + bytes.count
        var count = 0
        while at < end, let found = memchr(at, 0x0A, end - at) {
            count += 1
            at = UnsafeRawPointer(found) + 1
        }
        return count
    }

    /// `{"scale": 80000, "tags": ["a"]}`, read by the snapshot's field types.
    private mutating func fields() throws -> [Item.Field] {
        var fields: [Item.Field] = []
        guard try reader.beginObject() else { return fields }
        fields.reserveCapacity(orderedTypes.count)
        var index = 0
        repeat {
            // Items list their fields in the order `fieldTypes` keeps: compare the name at
            // the same place, on its bytes, before making a `String` and hashing it.
            let key = reader.asciiKey()
            let name: String
            let type: FieldType?
            if let key, index < orderedNames.count, orderedNames[index].withUnsafeBytes({ Self.equal($0, key) }) {
                name = orderedTypes[index].name
                type = orderedTypes[index].type
            } else {
                name = try key.map { String(decoding: $0, as: UTF8.self) } ?? reader.key()
                type =
                    index < orderedTypes.count && orderedTypes[index].name == name
                    ? orderedTypes[index].type : types[name]
            }
            fields.append(Item.Field(name, try plain(as: type)))
            index += 1
        } while try reader.nextMember()
        return fields
    }

    private mutating func plain(as type: FieldType?) throws -> Value {
        let kind = try reader.peek()
        if kind == .object { return try tagged() }
        guard let type else { throw Declined() }
        switch (type, kind) {
        case (.string, .string): return .string(try reader.string())
        case (.url, .string): return .url(try url())
        case (.date, .string): return .date(try date())
        case (.int, .number):
            guard let int = try reader.int() else { throw Declined() }
            return .int(int)
        case (.number, .number): return .double(try reader.number().double ?? .nan)
        case (.number, .null):
            try reader.null()
            return .double(.nan)
        case (.bool, .bool): return .bool(try reader.bool())
        case (.list(let element), .array):
            var values: [Value] = []
            if try reader.beginArray() {
                repeat {
                    values.append(try plain(as: element))
                } while try reader.nextElement()
            }
            return .list(values)
        default: throw Declined()
        }
    }

    /// A value tagged with its own type, as a field of another type is written: `{"int": 80000}`.
    private mutating func tagged() throws -> Value {
        guard try reader.beginObject() else { throw Declined() }
        let key = try reader.key()
        guard let type = FieldType(name: key), type.tag == key else { throw Declined() }
        let value: Value
        if case .list = type {
            var values: [Value] = []
            if try reader.beginArray() {
                repeat {
                    values.append(try tagged())
                } while try reader.nextElement()
            }
            value = .list(values)
        } else {
            value = try plain(as: type)
        }
        // One key only.
        guard try !reader.nextMember() else { throw Declined() }
        return value
    }

    private mutating func date() throws -> Date {
        // The cache's dates are ASCII without escapes: read in place.
        let date: Date?
        if let bytes = try reader.asciiString() {
            date = DateCodec.parseRFC3339(utf8: bytes)
        } else {
            date = DateCodec.parseRFC3339(try reader.string())
        }
        guard let date else { throw Declined() }
        return date
    }

    /// An item's URL, kept as text when it is plain (`Item.Link.isPlain`); the same `String`
    /// as the item's id when the two are equal, as they are when the URL is the id.
    private mutating func link(sameAs id: String?) throws -> Item.Link {
        guard let bytes = try reader.asciiString() else { return .parsed(try url()) }
        guard Item.Link.isPlain(bytes) else {
            guard let url = URL(string: String(decoding: bytes, as: UTF8.self)) else { throw Declined() }
            return .parsed(url)
        }
        if var id, id.utf8.count == bytes.count,
            id.withUTF8({ Self.equal(UnsafeRawBufferPointer($0), bytes) })
        {
            return .text(id)
        }
        return .text(String(decoding: bytes, as: UTF8.self))
    }

    private mutating func url() throws -> URL {
        guard let url = URL(string: try reader.string()) else { throw Declined() }
        return url
    }
}
