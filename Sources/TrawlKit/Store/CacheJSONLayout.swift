import Foundation
import TrawlDates
import TrawlJSON

/// The layout of the cache's small JSON files (run records, health) and the run journal's
/// lines: keys sorted, and, pretty, the layout Foundation's `JSONEncoder` gave them
/// (`"key" : value`, two-space indent, an empty list as `[` and `]` a blank line apart),
/// so files written before keep their bytes.
enum CacheJSONLayout {
    /// `value` pretty, with a final newline: a run record or a health file.
    static func data(_ value: JSONValue) -> Data {
        var writer = JSONWriter(capacity: 1024)
        write(value, pretty: true, indent: 0, into: &writer)
        writer.raw("\n")
        return Data(writer.bytes)
    }

    /// `value` on one line without white space: a journal line (without its newline).
    static func line(_ value: JSONValue) -> Data {
        var writer = JSONWriter(capacity: 256)
        write(value, pretty: false, indent: 0, into: &writer)
        return Data(writer.bytes)
    }

    private static func write(_ value: JSONValue, pretty: Bool, indent: Int, into writer: inout JSONWriter) {
        switch value.content {
        case .array(let elements):
            writer.raw("[")
            if pretty { writer.raw("\n") }
            for (index, element) in elements.enumerated() {
                if index > 0 { writer.raw(pretty ? ",\n" : ",") }
                pad(pretty, indent + 1, &writer)
                write(element, pretty: pretty, indent: indent + 1, into: &writer)
            }
            if pretty {
                writer.raw("\n")
                pad(pretty, indent, &writer)
            }
            writer.raw("]")
        case .object(let members):
            writer.raw("{")
            if pretty { writer.raw("\n") }
            // Sorted as `JSONEncoder`'s `.sortedKeys` sorts them; a repeated key keeps its order.
            let sorted = members.enumerated().sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }
            for (index, member) in sorted.map(\.element).enumerated() {
                if index > 0 { writer.raw(pretty ? ",\n" : ",") }
                pad(pretty, indent + 1, &writer)
                writer.string(member.key)
                writer.raw(pretty ? " : " : ":")
                write(member.value, pretty: pretty, indent: indent + 1, into: &writer)
            }
            if pretty {
                writer.raw("\n")
                pad(pretty, indent, &writer)
            }
            writer.raw("}")
        default:
            writer.value(value, style: .compact)
        }
    }

    private static func pad(_ pretty: Bool, _ indent: Int, _ writer: inout JSONWriter) {
        guard pretty else { return }
        writer.bytes.append(contentsOf: repeatElement(0x20, count: indent * 2))
    }
}

extension JSONValue {
    /// An object of the members whose value is not nil: the layout sorts them.
    static func members(_ members: [(String, JSONValue?)]) -> JSONValue {
        .object(members.compactMap { key, value in value.map { (key: key, value: $0) } })
    }

    static func date(_ date: Date) -> JSONValue { .string(DateCodec.rfc3339(date)) }

    static func url(_ url: URL) -> JSONValue { .string(url.absoluteString) }

    /// A number; null for an infinity or NaN, which JSON has no words for.
    static func double(_ double: Double) -> JSONValue { JSONNumber(double).map(JSONValue.number) ?? .null }

    static func strings(_ strings: [String]) -> JSONValue { .array(strings.map(JSONValue.string)) }
}
