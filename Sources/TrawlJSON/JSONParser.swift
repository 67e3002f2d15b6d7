/// The one JSON parser (RFC 8259, strict): values with their positions, numbers with
/// their text, and errors that say where the text breaks and whether it merely ends early.
///
/// Nesting is bounded (`maximumDepth`), so a hostile file of deeply nested brackets gives
/// an error instead of overflowing the stack. A leading byte order mark is skipped.
public enum JSONParser {
    public static let maximumDepth = 512

    /// What a `JSONError` says was expected when a document holds more than `maximumValues`.
    public static let valueLimitExpectation = "no more values"

    public static func parse(_ bytes: some Sequence<UInt8>) throws(JSONError) -> JSONValue {
        let array = Array(bytes)
        let result = array.withUnsafeBytes { buffer in Result { () throws(JSONError) in try parse(buffer) } }
        return try result.get()
    }

    /// `bytes` as one document of at most `maximumValues` values. A tree costs about a
    /// hundred bytes a value, and a body of small values (`[0,0,0,…]`) holds one every two
    /// bytes: the bound keeps a large body's tree within memory, an error past it.
    public static func parse(_ bytes: some Sequence<UInt8>, maximumValues: Int) throws(JSONError) -> JSONValue {
        let array = Array(bytes)
        let result = array.withUnsafeBytes { buffer in
            Result { () throws(JSONError) in try parse(buffer, maximumValues: maximumValues) }
        }
        return try result.get()
    }

    public static func parse(_ text: String) throws(JSONError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    public static func parse(
        _ buffer: UnsafeRawBufferPointer, maximumValues: Int = .max
    ) throws(JSONError) -> JSONValue {
        var cursor = JSONCursor(bytes: buffer)
        cursor.maximumValues = maximumValues
        cursor.skipByteOrderMark()
        let value = try cursor.value(depth: 0)
        cursor.skipWhitespace()
        if cursor.index < buffer.count {
            throw cursor.error(
                expected: "the end of the file", message: "unexpected text after the end of the document")
        }
        return value
    }

    /// The value that starts at `offset` (after white space) and the offset just past it,
    /// leaving what follows to the caller: JSON embedded in other text, such as a script's
    /// `window.state = {...};`. Positions count lines and columns from the buffer's start.
    public static func parseValue(
        in buffer: UnsafeRawBufferPointer, from offset: Int, maximumValues: Int = .max
    ) throws(JSONError) -> (value: JSONValue, end: Int) {
        var cursor = JSONCursor(bytes: buffer)
        cursor.maximumValues = maximumValues
        for index in 0..<min(offset, buffer.count) where buffer[index] == 0x0A {
            cursor.line += 1
            cursor.lineStart = index + 1
        }
        cursor.index = offset
        let value = try cursor.value(depth: 0)
        return (value, cursor.index)
    }
}

/// The parser's state: a read position over the bytes, and the current line.
struct JSONCursor {
    let bytes: UnsafeRawBufferPointer
    var index = 0
    var line = 1
    var lineStart = 0
    /// The most values the document may hold (`JSONParser.parse(_:maximumValues:)`), and how many so far.
    var maximumValues = Int.max
    var values = 0

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var position: JSONPosition { JSONPosition(offset: index, line: line, column: index - lineStart + 1) }

    mutating func skipByteOrderMark() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            lineStart = 3
        }
    }

    /// The error for the byte at `index`, or for the end of the text when there is none.
    func error(expected: String, message: String? = nil) -> JSONError {
        guard index < bytes.count else {
            return JSONError(
                position: position, isTruncated: true, found: nil, expected: expected,
                message: "unexpected end of file")
        }
        let byte = bytes[index]
        return JSONError(
            position: position, isTruncated: false, found: byte, expected: expected,
            message: message ?? "expected \(expected), found \(JSONError.describe(byte))")
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    mutating func value(depth: Int) throws(JSONError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw error(expected: "a value") }
        values += 1
        if values > maximumValues {
            throw JSONError(
                position: position, isTruncated: false, found: bytes[index],
                expected: JSONParser.valueLimitExpectation, message: "more than \(maximumValues) values in one document"
            )
        }
        let start = position
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONValue(try object(depth: depth + 1), at: start)
        case UInt8(ascii: "["): return JSONValue(try array(depth: depth + 1), at: start)
        case UInt8(ascii: "\""): return JSONValue(.string(try string()), at: start)
        case UInt8(ascii: "t"): return JSONValue(try literal("true", .bool(true)), at: start)
        case UInt8(ascii: "f"): return JSONValue(try literal("false", .bool(false)), at: start)
        case UInt8(ascii: "n"): return JSONValue(try literal("null", .null), at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONValue(try number(), at: start)
        default: throw noValue()
        }
    }

    /// The error for the byte at `index`, which cannot start a value.
    func noValue() -> JSONError {
        let byte = bytes[index]
        let shown = byte < 0x80 ? JSONError.describe(byte) : "byte 0x\(String(byte, radix: 16, uppercase: true))"
        return error(expected: "a value", message: "expected a value, found \(shown)")
    }

    func nest(_ depth: Int) throws(JSONError) {
        if depth > JSONParser.maximumDepth {
            throw error(
                expected: "at most \(JSONParser.maximumDepth) levels of nesting",
                message: "nested more than \(JSONParser.maximumDepth) levels deep")
        }
    }

    private mutating func object(depth: Int) throws(JSONError) -> JSONValue.Content {
        try nest(depth)
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error(
                    expected: members.isEmpty ? "a quoted key or '}'" : "a quoted key",
                    message: "expected a key in double quotes")
            }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error(expected: "':'", message: "expected ':' after key \"\(key)\"")
            }
            index += 1
            members.append((key, try value(depth: depth)))
            skipWhitespace()
            guard index < bytes.count else { throw error(expected: "',' or '}'") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: throw error(expected: "',' or '}'", message: "expected ',' or '}' in an object")
            }
        }
    }

    private mutating func array(depth: Int) throws(JSONError) -> JSONValue.Content {
        try nest(depth)
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            elements.append(try value(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error(expected: "',' or ']'") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default: throw error(expected: "',' or ']'", message: "expected ',' or ']' in a list")
            }
        }
    }

    mutating func literal(
        _ word: StaticString, _ content: JSONValue.Content
    ) throws(JSONError)
        -> JSONValue.Content
    {
        let expected = UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard index < bytes.count, bytes[index] == byte else {
                throw error(expected: "'\(word)'", message: "expected '\(word)'")
            }
            index += 1
        }
        return content
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, kept as text.
    private mutating func number() throws(JSONError) -> JSONValue.Content {
        let range = try numberRange()
        return .number(
            JSONNumber(text: String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)))
    }

    /// Reads a number, the cursor on its first byte, and returns where its text stands.
    mutating func numberRange() throws(JSONError) -> Range<Int> {
        let start = index
        func isDigit(_ at: Int) -> Bool { at < bytes.count && bytes[at] >= 0x30 && bytes[at] <= 0x39 }
        var valid = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        if isDigit(index) {
            let leadingZero = bytes[index] == 0x30
            index += 1
            while isDigit(index) {
                valid = valid && !leadingZero
                index += 1
            }
        } else {
            valid = false
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if !isDigit(index) { valid = false }
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            if !isDigit(index) { valid = false }
            while isDigit(index) { index += 1 }
        }
        // Take in what a person would read as part of the number, to quote it whole.
        while index < bytes.count, isNumberByte(bytes[index]) {
            valid = false
            index += 1
        }
        guard valid else {
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            if index == bytes.count { throw error(expected: "a digit") }
            index = start
            throw error(expected: "a number", message: "'\(text)' is not a number")
        }
        return start..<index
    }

    private func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            return true
        default: return false
        }
    }
}
