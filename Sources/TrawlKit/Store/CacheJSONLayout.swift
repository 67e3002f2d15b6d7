import Foundation
import TrawlDates
import TrawlJSON

/// The cache's small JSON files (run records, health, the notification ledger) and the run
/// journal's lines, and what `trawl status --json` and `trawl diff --json` print: keys sorted,
/// in `JSONWriter`'s one layout (pretty, `"key": value`; a journal line compact). Files Foundation's
/// `JSONEncoder` once wrote (`"key" : value`) read the same; each is rewritten in this layout the
/// next time it is saved (see docs/CACHE.md, "Layout").
enum CacheJSONLayout {
    /// `value` pretty, with a final newline: a run record or a health file.
    static func data(_ value: JSONValue) -> Data {
        Data(JSONWriter.bytes(value.sortingKeys(), style: .pretty))
    }

    /// `value` on one line without white space: a journal line (without its newline).
    static func line(_ value: JSONValue) -> Data {
        Data(JSONWriter.bytes(value.sortingKeys(), style: .compact))
    }
}

extension JSONValue {
    /// The value with every object's keys sorted (by `String`'s order, as the layout always
    /// sorted them); a repeated key keeps its order.
    func sortingKeys() -> JSONValue {
        // Most values are built with their keys in order already: those are kept as they
        // are, not copied (a quiet night writes a journal line and a record entry per source).
        if hasSortedKeys { return self }
        switch content {
        case .array(let elements):
            return JSONValue(.array(elements.map { $0.sortingKeys() }), at: position)
        case .object(let members):
            let sorted = members.enumerated().sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }
            return JSONValue(
                .object(sorted.map { (key: $0.element.key, value: $0.element.value.sortingKeys()) }), at: position)
        default:
            return self
        }
    }

    /// Whether every object in the value already has its keys in `sortingKeys()`'s order.
    private var hasSortedKeys: Bool {
        switch content {
        case .array(let elements):
            return elements.allSatisfy(\.hasSortedKeys)
        case .object(let members):
            // A repeated key keeps its order in the sort too, so `<=` is in order.
            return zip(members, members.dropFirst()).allSatisfy { $0.key <= $1.key }
                && members.allSatisfy(\.value.hasSortedKeys)
        default:
            return true
        }
    }

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
