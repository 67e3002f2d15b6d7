/// A JSON value (RFC 8259) that remembers where it stood in its text and the order of its
/// keys: the one value type of Trawl's JSON layer.
///
/// Configuration errors quote a value's line and column, the cache reads numbers from
/// their text (so an integer stays exact), and writers keep members in the order given.
public struct JSONValue: Sendable, Equatable {
    public indirect enum Content: Sendable {
        /// Members in the order written; a repeated key is kept (readers decide).
        case object([(key: String, value: JSONValue)])
        case array([JSONValue])
        case string(String)
        case number(JSONNumber)
        case bool(Bool)
        case null
    }

    public var content: Content
    /// Where the value starts in the text it was parsed from; `.none` when built in code.
    public var position: JSONPosition

    public init(_ content: Content, at position: JSONPosition = .none) {
        self.content = content
        self.position = position
    }

    public static func object(_ members: [(key: String, value: JSONValue)]) -> JSONValue { JSONValue(.object(members)) }
    public static func array(_ elements: [JSONValue]) -> JSONValue { JSONValue(.array(elements)) }
    public static func string(_ string: String) -> JSONValue { JSONValue(.string(string)) }
    public static func number(_ number: JSONNumber) -> JSONValue { JSONValue(.number(number)) }
    public static func int(_ int: Int) -> JSONValue { JSONValue(.number(JSONNumber(int))) }
    public static func bool(_ bool: Bool) -> JSONValue { JSONValue(.bool(bool)) }
    public static let null = JSONValue(.null)

    /// The value of `key` in an object: the last one when the key is repeated, as JSON
    /// parsers commonly do; nil when absent or not an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = content else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The keys of an object in the order written; empty for anything else.
    public var keys: [String] {
        guard case .object(let members) = content else { return [] }
        return members.map(\.key)
    }

    public var stringValue: String? {
        if case .string(let string) = content { return string }
        return nil
    }

    public var numberValue: JSONNumber? {
        if case .number(let number) = content { return number }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let bool) = content { return bool }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = content { return elements }
        return nil
    }

    public var objectValue: [(key: String, value: JSONValue)]? {
        if case .object(let members) = content { return members }
        return nil
    }

    public var isNull: Bool {
        if case .null = content { return true }
        return false
    }

    /// "an object", "a list", …: for messages that say what was found instead.
    public var kindDescription: String {
        switch content {
        case .object: return "an object"
        case .array: return "a list"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }

    /// Equal content; positions do not count.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs.content, rhs.content) {
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let a), .array(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        default: return false
        }
    }
}

/// Where a value or a problem stands in a JSON text: 1-based line and column (in bytes,
/// as editors that count UTF-8 do) and the 0-based byte offset.
public struct JSONPosition: Sendable, Equatable, CustomStringConvertible {
    public var offset: Int
    public var line: Int
    public var column: Int

    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// For values built in code rather than parsed.
    public static let none = JSONPosition(offset: -1, line: 0, column: 0)

    public var description: String { "line \(line), column \(column)" }
}
