/// A pull reader over a JSON text: one value at a time, straight from the bytes, with no
/// `JSONValue` tree in between. For large files read into a program's own types (the
/// cache's snapshots); `JSONParser` remains the reader for everything else.
///
/// It is exactly as strict as `JSONParser` (same syntax, nesting bound, UTF-8 check and
/// error positions) for what it reads. An object is read as
///
///     if try reader.beginObject() {
///         repeat {
///             let key = try reader.key()
///             … read the value …
///         } while try reader.nextMember()
///     }
///
/// and an array likewise with `beginArray()` and `nextElement()`. The bytes must outlive
/// the reader.
public struct JSONPullReader {
    public enum Kind: Sendable, Equatable {
        case object, array, string, number, bool, null
    }

    private var cursor: JSONCursor
    /// Open objects and arrays.
    private var depth = 0
    /// Just inside an object whose first key is next (so `}` cannot follow a comma).
    private var atFirstMember = false

    /// A leading byte order mark is skipped.
    public init(_ bytes: UnsafeRawBufferPointer) {
        cursor = JSONCursor(bytes: bytes)
        cursor.skipByteOrderMark()
    }

    /// Where the next byte stands (after any white space already skipped).
    public var position: JSONPosition { cursor.position }

    /// The kind of the next value, white space skipped; an error where no value can start.
    public mutating func peek() throws(JSONError) -> Kind {
        cursor.skipWhitespace()
        guard cursor.index < cursor.bytes.count else { throw cursor.error(expected: "a value") }
        switch cursor.bytes[cursor.index] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw cursor.noValue()
        }
    }

    /// Steps into an object; true when it has members, false when it was `{}`.
    public mutating func beginObject() throws(JSONError) -> Bool {
        guard try begin(.object, "an object", closedBy: "}") else { return false }
        atFirstMember = true
        return true
    }

    /// A member's key and its `:`; its value is read next.
    public mutating func key() throws(JSONError) -> String {
        cursor.skipWhitespace()
        guard cursor.index < cursor.bytes.count, cursor.bytes[cursor.index] == UInt8(ascii: "\"") else {
            throw cursor.error(
                expected: atFirstMember ? "a quoted key or '}'" : "a quoted key",
                message: "expected a key in double quotes")
        }
        atFirstMember = false
        let key = try cursor.string()
        cursor.skipWhitespace()
        guard cursor.index < cursor.bytes.count, cursor.bytes[cursor.index] == UInt8(ascii: ":") else {
            throw cursor.error(expected: "':'", message: "expected ':' after key \"\(key)\"")
        }
        cursor.index += 1
        return key
    }

    /// `key()` for a key without escapes and all ASCII, its bytes read in place with no
    /// `String` made, to compare with the keys a reader knows; nil, and nothing read, for
    /// any other key or for a place without one (call `key()`, which reads it or says why not).
    public mutating func asciiKey() -> UnsafeRawBufferPointer? {
        let saved = cursor
        cursor.skipWhitespace()
        guard cursor.index < cursor.bytes.count, cursor.bytes[cursor.index] == UInt8(ascii: "\""),
            let key = cursor.asciiString()
        else {
            cursor = saved
            return nil
        }
        cursor.skipWhitespace()
        guard cursor.index < cursor.bytes.count, cursor.bytes[cursor.index] == UInt8(ascii: ":") else {
            cursor = saved
            return nil
        }
        cursor.index += 1
        atFirstMember = false
        return key
    }

    /// After a member's value: true when another member follows, false at the object's end.
    public mutating func nextMember() throws(JSONError) -> Bool {
        try next(closedBy: "}", in: "an object")
    }

    /// Steps into an array; true when it has elements, false when it was `[]`.
    public mutating func beginArray() throws(JSONError) -> Bool {
        try begin(.array, "a list", closedBy: "]")
    }

    /// Past an opening bracket and any white space: true, one level down, when something
    /// follows; false, past the closing bracket, when the container was empty.
    private mutating func begin(
        _ kind: Kind, _ description: String, closedBy closer: Unicode.Scalar
    ) throws(JSONError)
        -> Bool
    {
        try expect(kind, description)
        try cursor.nest(depth + 1)
        cursor.index += 1
        cursor.skipWhitespace()
        if cursor.index < cursor.bytes.count, cursor.bytes[cursor.index] == UInt8(ascii: closer) {
            cursor.index += 1
            return false
        }
        depth += 1
        return true
    }

    /// After an element: true when another follows, false at the array's end.
    public mutating func nextElement() throws(JSONError) -> Bool {
        try next(closedBy: "]", in: "a list")
    }

    /// Past a `,` (true) or the container's closing bracket (false, one level up).
    private mutating func next(closedBy closer: Unicode.Scalar, in container: StaticString) throws(JSONError) -> Bool {
        cursor.skipWhitespace()
        guard cursor.index < cursor.bytes.count else { throw cursor.error(expected: "',' or '\(closer)'") }
        switch cursor.bytes[cursor.index] {
        case UInt8(ascii: ","):
            cursor.index += 1
            return true
        case UInt8(ascii: closer):
            cursor.index += 1
            depth -= 1
            return false
        default:
            // The words are made only here: this runs once per member and element.
            let expected = "',' or '\(closer)'"
            throw cursor.error(expected: expected, message: "expected \(expected) in \(container)")
        }
    }

    public mutating func string() throws(JSONError) -> String {
        try expect(.string, "a string")
        return try cursor.string()
    }

    /// The UTF-8 bytes of a string without escapes, read in place with no `String` made;
    /// nil, and nothing read, when it has escapes or is not ASCII (read it with `string()`).
    public mutating func asciiString() throws(JSONError) -> UnsafeRawBufferPointer? {
        try expect(.string, "a string")
        return cursor.asciiString()
    }

    public mutating func number() throws(JSONError) -> JSONNumber {
        try expect(.number, "a number")
        let range = try cursor.numberRange()
        return JSONNumber(text: String(decoding: UnsafeRawBufferPointer(rebasing: cursor.bytes[range]), as: UTF8.self))
    }

    /// A number as an `Int`, read without making its text; nil (the number read all the
    /// same) when it is not a whole number that fits, as `JSONNumber.int` says.
    public mutating func int() throws(JSONError) -> Int? {
        try expect(.number, "a number")
        let range = try cursor.numberRange()
        return JSONNumber.int(UnsafeRawBufferPointer(rebasing: cursor.bytes[range]))
    }

    public mutating func bool() throws(JSONError) -> Bool {
        try expect(.bool, "true or false")
        if cursor.bytes[cursor.index] == UInt8(ascii: "t") {
            _ = try cursor.literal("true", .bool(true))
            return true
        }
        _ = try cursor.literal("false", .bool(false))
        return false
    }

    public mutating func null() throws(JSONError) {
        try expect(.null, "null")
        _ = try cursor.literal("null", .null)
    }

    /// Reads past the next value, checking it as `JSONParser` would.
    public mutating func skipValue() throws(JSONError) {
        _ = try cursor.value(depth: depth)
    }

    /// Checks that only white space is left.
    public mutating func end() throws(JSONError) {
        cursor.skipWhitespace()
        if cursor.index < cursor.bytes.count {
            throw cursor.error(
                expected: "the end of the file", message: "unexpected text after the end of the document")
        }
    }

    private mutating func expect(_ kind: Kind, _ description: String) throws(JSONError) {
        let found = try peek()
        guard found == kind else { throw cursor.error(expected: description) }
    }
}
