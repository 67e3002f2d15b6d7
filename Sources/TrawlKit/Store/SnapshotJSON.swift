import Foundation

/// Snapshots to and from JSON without `Codable`: the cache's large files, read and written
/// several times faster, in exactly the bytes `CacheStore.encoder` would write.
///
/// Reading is strict: anything that is not just what the writer writes gives nil, and the
/// store falls back to `JSONDecoder`, which then says precisely what is wrong.
enum SnapshotJSON {
    // MARK: Reading

    static func decode(_ data: Data) -> Snapshot? {
        guard let tree = data.withUnsafeBytes(JSONTree.parse) else { return nil }
        guard case .number(let versionText)? = tree["schemaVersion"], let version = Int(versionText),
            case .string(let sourceID)? = tree["sourceID"],
            case .string(let takenAtText)? = tree["takenAt"], let takenAt = CacheDate.date(from: takenAtText),
            case .array(let itemTrees)? = tree["items"], let items = self.items(itemTrees)
        else { return nil }
        var removed: [Item] = []
        if let removedTree = tree["removed"] {
            guard case .array(let removedTrees) = removedTree, let decoded = self.items(removedTrees) else {
                return nil
            }
            removed = decoded
        }
        var snapshot = Snapshot(sourceID: sourceID, takenAt: takenAt, items: items, removed: removed)
        snapshot.schemaVersion = version
        return snapshot
    }

    private static func items(_ trees: [JSONTree]) -> [Item]? {
        var items: [Item] = []
        items.reserveCapacity(trees.count)
        for tree in trees {
            guard let item = item(tree) else { return nil }
            items.append(item)
        }
        return items
    }

    private static func item(_ tree: JSONTree) -> Item? {
        guard case .object(let members) = tree, Set(members.map(\.key)).count == members.count,
            case .string(let id)? = tree["id"], case .string(let title)? = tree["title"],
            case .array(let fieldTrees)? = tree["fields"]
        else { return nil }
        var item = Item(id: id, title: title)
        if let urlTree = tree["url"] {
            guard case .string(let text) = urlTree, let url = URL(string: text) else { return nil }
            item.url = url
        }
        if let dateTree = tree["date"] {
            guard case .string(let text) = dateTree, let date = CacheDate.date(from: text) else { return nil }
            item.date = date
        }
        if let summaryTree = tree["summary"] {
            guard case .string(let summary) = summaryTree else { return nil }
            item.summary = summary
        }
        item.fields.reserveCapacity(fieldTrees.count)
        for fieldTree in fieldTrees {
            guard case .string(let name)? = fieldTree["name"], let valueTree = fieldTree["value"],
                let value = value(valueTree)
            else { return nil }
            item.fields.append(Item.Field(name, value))
        }
        return item
    }

    /// A `Value` as `Value`'s own `Codable` writes it: an object with one key naming its type.
    private static func value(_ tree: JSONTree) -> Value? {
        guard case .object(let members) = tree, members.count == 1 else { return nil }
        switch (members[0].key, members[0].value) {
        case ("string", .string(let string)): return .string(string)
        case ("int", .number(let text)): return Int(text).map(Value.int)
        case ("number", .number(let text)): return Double(text).map(Value.double)
        case ("bool", .bool(let bool)): return .bool(bool)
        case ("url", .string(let text)): return URL(string: text).map(Value.url)
        case ("date", .string(let text)): return RFC3339.date(from: text).map(Value.date)
        case ("list", .array(let elements)):
            var values: [Value] = []
            for element in elements {
                guard let value = value(element) else { return nil }
                values.append(value)
            }
            return .list(values)
        default: return nil
        }
    }

    // MARK: Writing

    /// The bytes `CacheStore.encoder` writes for `snapshot`, final newline included.
    static func encode(_ snapshot: Snapshot) -> Data {
        var writer = Writer()
        writer.object(indent: 0) { writer in
            writer.member("items", indent: 2) { $0.items(snapshot.items, indent: 2) }
            writer.member("removed", indent: 2) { $0.items(snapshot.removed, indent: 2) }
            writer.member("schemaVersion", indent: 2) { $0.raw(String(snapshot.schemaVersion)) }
            writer.member("sourceID", indent: 2) { $0.string(snapshot.sourceID) }
            writer.member("takenAt", indent: 2) { $0.string(CacheDate.string(from: snapshot.takenAt)) }
        }
        writer.bytes.append(0x0A)
        return Data(writer.bytes)
    }

    /// Pretty JSON as `JSONEncoder` writes it with `.prettyPrinted, .sortedKeys,
    /// .withoutEscapingSlashes`: two-space indent, `"key" : value`, empty containers
    /// as `[\n\n<indent>]`.
    private struct Writer {
        var bytes: [UInt8] = []
        private var first = [true]

        mutating func raw(_ text: String) {
            bytes.append(contentsOf: text.utf8)
        }

        private mutating func newline(indent: Int) {
            bytes.append(0x0A)
            bytes.append(contentsOf: repeatElement(0x20, count: indent))
        }

        /// Writes `{…}`; `body` writes the members, in sorted order.
        mutating func object(indent: Int, _ body: (inout Writer) -> Void) {
            container(open: "{", close: "}", indent: indent, body)
        }

        private mutating func container(
            open: Unicode.Scalar, close: Unicode.Scalar, indent: Int, _ body: (inout Writer) -> Void
        ) {
            bytes.append(UInt8(ascii: open))
            first.append(true)
            body(&self)
            if first.removeLast() { bytes.append(0x0A) }
            newline(indent: indent)
            bytes.append(UInt8(ascii: close))
        }

        private mutating func separator(indent: Int) {
            if first[first.count - 1] {
                first[first.count - 1] = false
            } else {
                bytes.append(UInt8(ascii: ","))
            }
            newline(indent: indent)
        }

        mutating func member(_ key: String, indent: Int, _ value: (inout Writer) -> Void) {
            separator(indent: indent)
            string(key)
            bytes.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20])
            value(&self)
        }

        mutating func element(indent: Int, _ value: (inout Writer) -> Void) {
            separator(indent: indent)
            value(&self)
        }

        mutating func items(_ items: [Item], indent: Int) {
            container(open: "[", close: "]", indent: indent) { writer in
                for item in items {
                    writer.element(indent: indent + 2) { $0.item(item, indent: indent + 2) }
                }
            }
        }

        // Keys in sorted order: date, fields, id, summary, title, url; absent ones left out.
        private mutating func item(_ item: Item, indent: Int) {
            let inner = indent + 2
            object(indent: indent) { writer in
                if let date = item.date {
                    writer.member("date", indent: inner) { $0.string(CacheDate.string(from: date)) }
                }
                writer.member("fields", indent: inner) { writer in
                    writer.container(open: "[", close: "]", indent: inner) { writer in
                        for field in item.fields {
                            writer.element(indent: inner + 2) { writer in
                                writer.object(indent: inner + 2) { writer in
                                    writer.member("name", indent: inner + 4) { $0.string(field.name) }
                                    writer.member("value", indent: inner + 4) {
                                        $0.value(field.value, indent: inner + 4)
                                    }
                                }
                            }
                        }
                    }
                }
                writer.member("id", indent: inner) { $0.string(item.id) }
                if let summary = item.summary { writer.member("summary", indent: inner) { $0.string(summary) } }
                writer.member("title", indent: inner) { $0.string(item.title) }
                if let url = item.url { writer.member("url", indent: inner) { $0.string(url.absoluteString) } }
            }
        }

        private mutating func value(_ value: Value, indent: Int) {
            object(indent: indent) { writer in
                switch value {
                case .string(let string): writer.member("string", indent: indent + 2) { $0.string(string) }
                case .int(let int): writer.member("int", indent: indent + 2) { $0.raw(String(int)) }
                case .double(let double): writer.member("number", indent: indent + 2) { $0.double(double) }
                case .bool(let bool): writer.member("bool", indent: indent + 2) { $0.raw(bool ? "true" : "false") }
                case .date(let date):
                    writer.member("date", indent: indent + 2) { $0.string(RFC3339.string(from: date)) }
                case .url(let url): writer.member("url", indent: indent + 2) { $0.string(url.absoluteString) }
                case .list(let values):
                    writer.member("list", indent: indent + 2) { writer in
                        writer.container(open: "[", close: "]", indent: indent + 2) { writer in
                            for element in values {
                                writer.element(indent: indent + 4) { $0.value(element, indent: indent + 4) }
                            }
                        }
                    }
                }
            }
        }

        /// Swift's shortest round-trip form, without a trailing `.0`, as `JSONEncoder` writes it.
        private mutating func double(_ double: Double) {
            var text = double.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            raw(text)
        }

        mutating func string(_ string: String) {
            bytes.append(UInt8(ascii: "\""))
            for byte in string.utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, UInt8(ascii: "\"")])
                case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
                case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [
                        0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
                    ])
                default: bytes.append(byte)
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }
}
