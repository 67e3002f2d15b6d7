/// A value a template renders: the context that `{{name}}` tags look names up in.
///
/// Objects are plain dictionaries because Mustache only ever looks keys up; it never
/// iterates an object. Build values with literals (`["title": "Hi", "tags": ["a", "b"]]`),
/// from JSON (`MustacheValue(jsonData:)`), or from your own types.
public enum MustacheValue: Sendable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case list([MustacheValue])
    case object([String: MustacheValue])
    /// An object that also has a text of its own, as a `CustomStringConvertible` type
    /// does: `{{duration}}` writes `text`, while `{{duration.raw}}` and
    /// `{{#duration}}{{raw}}{{/duration}}` use the members like any object's. The spec
    /// leaves how an object interpolates to the implementation ("coerced into a string").
    case objectWithText([String: MustacheValue], text: String)
    /// An object that looks its members up itself (see `MustacheObject`).
    case custom(any MustacheObject)
    case lambda(MustacheLambda)
    case null

    /// Whether a section `{{#name}}` renders (and an inverted one `{{^name}}` does not).
    ///
    /// `null`, `false`, the empty list and the empty string are falsey; numbers (zero
    /// included), objects and lambdas are truthy. The spec leaves empty strings to the
    /// language; treating them as falsey lets `{{#summary}}<p>{{summary}}</p>{{/summary}}`
    /// skip a missing summary.
    public var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let bool): return bool
        case .list(let list): return !list.isEmpty
        case .string(let string): return !string.isEmpty
        case .int, .double, .object, .objectWithText, .custom, .lambda: return true
        }
    }

    /// The text an interpolation tag writes (before HTML escaping).
    ///
    /// Whole numbers print without a fraction (`1`, not `1.0`) and other numbers in their
    /// shortest exact form (`1.21`), as the spec's interpolation cases expect. Lists join
    /// their items with commas; an object with text prints its text; other objects,
    /// lambdas and `null` print nothing.
    public var text: String {
        switch self {
        case .string(let string): return string
        case .int(let int): return String(int)
        case .double(let double): return MustacheValue.format(double)
        case .bool(let bool): return bool ? "true" : "false"
        case .list(let list): return list.map(\.text).joined(separator: ",")
        case .objectWithText(_, let text): return text
        case .custom(let object): return object.mustacheText ?? ""
        case .object, .lambda, .null: return ""
        }
    }

    /// The value stored under `key` when this is an object (with or without text).
    public subscript(key: String) -> MustacheValue? {
        switch self {
        case .object(let object), .objectWithText(let object, _): return object[key]
        case .custom(let object): return object.member(key)
        default: return nil
        }
    }

    static func format(_ double: Double) -> String {
        if double.rounded() == double, abs(double) < 1e15 {
            return String(Int(double))
        }
        return double.description
    }
}

extension MustacheValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
    ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: MustacheValue...) { self = .list(elements) }
    public init(nilLiteral: ()) { self = .null }

    /// Later duplicates win, as in JSON objects.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
