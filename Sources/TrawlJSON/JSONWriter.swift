/// The one JSON writer: deterministic bytes, members in the order given.
///
/// `pretty` is the layout people read and git diffs: two-space indent, `"key": value`,
/// one member or element a line, empty containers as `{}` and `[]`. `compact` has no
/// white space at all. Callers that lay out a large file themselves (the cache's snapshot,
/// one item a line) mix `raw`, `string` and `value` on one writer.
public struct JSONWriter: Sendable {
    public enum Style: Sendable {
        case compact
        case pretty
    }

    public var bytes: [UInt8] = []

    public init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// `value` as a whole document, with a final newline when pretty.
    public static func bytes(_ value: JSONValue, style: Style = .pretty) -> [UInt8] {
        var writer = JSONWriter()
        writer.value(value, style: style)
        if case .pretty = style { writer.bytes.append(0x0A) }
        return writer.bytes
    }

    public static func string(_ value: JSONValue, style: Style = .pretty) -> String {
        String(decoding: bytes(value, style: style), as: UTF8.self)
    }

    public mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    public mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// A string literal, escaped.
    public mutating func string(_ string: String) {
        JSONEscaper.append(string, to: &bytes)
    }

    public mutating func int(_ int: Int) {
        raw(String(int))
    }

    /// `value`, laid out in `style`; `indent` is the depth of the line it starts on.
    public mutating func value(_ value: JSONValue, style: Style, indent: Int = 0) {
        switch value.content {
        case .string(let string): self.string(string)
        case .number(let number): raw(number.text)
        case .bool(let bool): bool ? raw("true") : raw("false")
        case .null: raw("null")
        case .array(let elements):
            if elements.isEmpty { return raw("[]") }
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(style, indent: indent + 1)
                self.value(element, style: style, indent: indent + 1)
            }
            newline(style, indent: indent)
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { return raw("{}") }
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(style, indent: indent + 1)
                string(member.key)
                if case .pretty = style { raw(": ") } else { bytes.append(UInt8(ascii: ":")) }
                self.value(member.value, style: style, indent: indent + 1)
            }
            newline(style, indent: indent)
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private mutating func newline(_ style: Style, indent: Int) {
        guard case .pretty = style else { return }
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(0x20, count: indent * 2))
    }
}
