/// Literals for values written in code (protocol messages, small documents):
/// `["url": "about:blank", "flatten": true]`. Object members keep the order written.
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

    public init(dictionaryLiteral members: (String, JSONValue)...) {
        self = .object(members.map { (key: $0.0, value: $0.1) })
    }
}
