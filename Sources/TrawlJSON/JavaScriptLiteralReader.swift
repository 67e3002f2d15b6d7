/// Reads the JavaScript object literals that pages assign their state as
/// (`window.__NUXT__ = {state: {items: [...],},};`) into the same `JSONValue`s the JSON
/// parser gives, with positions.
///
/// Only data is read: unquoted and single-quoted keys, single-quoted strings with
/// JavaScript's escapes, trailing commas and holes, comments, `undefined` and `void 0`
/// (as null), `!0` and `!1` (true, false). Anything that runs code — a call, `new Date(…)`,
/// a variable — is a `JSONError` at its position, never a guess.
public struct JavaScriptLiteralReader {
    private let bytes: [UInt8]
    private var index: Int
    private var line = 1
    private var lineStart = 0
    /// As in `JSONParser.parse(_:maximumValues:)`.
    private var maximumValues = Int.max
    private var values = 0

    /// The literal that starts at byte `offset` of `bytes`; what follows it is left alone.
    public static func value(
        in bytes: [UInt8], from offset: Int, maximumValues: Int = .max
    ) throws(JSONError) -> JSONValue {
        try parseValue(in: bytes, from: offset, maximumValues: maximumValues).value
    }

    /// The literal that starts at byte `offset`, and the offset just past it, so a caller
    /// can judge what follows (as `JSONParser.parseValue(in:from:maximumValues:)` gives).
    package static func parseValue(
        in bytes: [UInt8], from offset: Int, maximumValues: Int = .max
    ) throws(JSONError) -> (value: JSONValue, end: Int) {
        var reader = JavaScriptLiteralReader(bytes)
        reader.maximumValues = maximumValues
        reader.advance(to: offset)
        let value = try reader.value(depth: 0)
        return (value, reader.index)
    }

    /// A reader at the start of `bytes`. A caller that judges what follows a value (a
    /// script's end, `EmbeddedJSON+End`) walks it with `advance(to:)`, `skipBlank()` and
    /// `identifier()`, and takes its errors' lines and columns from `position`.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.index = 0
    }

    /// Where the reader stands: the byte offset, and the line and column counted from the start.
    package var position: JSONPosition { JSONPosition(offset: index, line: line, column: index - lineStart + 1) }
    private var byte: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// On to byte `offset` (or the end), counting lines on the way.
    package mutating func advance(to offset: Int) {
        while index < min(offset, bytes.count) { advance() }
    }

    private mutating func advance() {
        if bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    private func error(_ expected: String, _ message: String? = nil) -> JSONError {
        guard let byte else {
            return JSONError(
                position: position, isTruncated: true, found: nil, expected: expected, message: "unexpected end of text"
            )
        }
        return JSONError(
            position: position, isTruncated: false, found: byte, expected: expected,
            message: message ?? "expected \(expected), found \(JSONError.describe(byte))")
    }

    /// White space and comments, which JavaScript allows anywhere between tokens; true when
    /// the white space held a line break (a `//` comment ends at one), which may end a
    /// statement (ASI). One inside a `/* */` comment is not counted.
    @discardableResult package mutating func skipBlank() -> Bool {
        var lineBreak = false
        while let byte {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                lineBreak = lineBreak || byte == 0x0A || byte == 0x0D
                advance()
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                // A carriage return alone ends a line too (ECMA-262 §12.3, LineTerminator).
                while let next = self.byte, next != 0x0A, next != 0x0D { advance() }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                advance()
                advance()
                while index + 1 < bytes.count,
                    !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    advance()
                }
                // Past the `*/`, or to the end of an unclosed comment, counting the lines in it.
                advance(to: index + 2)
            } else {
                return lineBreak
            }
        }
        return lineBreak
    }

    private mutating func value(depth: Int) throws(JSONError) -> JSONValue {
        skipBlank()
        let start = position
        guard depth < JSONParser.maximumDepth else {
            throw error("a value", "nested more than \(JSONParser.maximumDepth) levels deep")
        }
        guard let byte else { throw error("a value") }
        values += 1
        guard values <= maximumValues else {
            throw JSONError(
                position: position, isTruncated: false, found: byte, expected: JSONParser.valueLimitExpectation,
                message: "more than \(maximumValues) values in one document")
        }
        switch byte {
        case UInt8(ascii: "{"): return JSONValue(.object(try members(depth: depth)), at: start)
        case UInt8(ascii: "["): return JSONValue(.array(try elements(depth: depth)), at: start)
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return JSONValue(.string(try string()), at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(.number(try number()), at: start)
        case UInt8(ascii: "!"):
            advance()
            guard let digit = self.byte, digit == UInt8(ascii: "0") || digit == UInt8(ascii: "1") else {
                throw error("'!0' or '!1'")
            }
            advance()
            return JSONValue(.bool(digit == UInt8(ascii: "0")), at: start)
        default:
            let word = identifier()
            switch word {
            case "true": return JSONValue(.bool(true), at: start)
            case "false": return JSONValue(.bool(false), at: start)
            case "null", "undefined": return JSONValue(.null, at: start)
            case "void":
                skipBlank()
                guard self.byte.map({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) == true else {
                    throw error("a number after 'void'")
                }
                _ = try number()
                return JSONValue(.null, at: start)
            case "":
                throw error("a value")
            default:
                index = start.offset
                lineStart = start.offset - (start.column - 1)
                let what = word == "new" ? "'new \(peekName(after: 3))(…)'" : "'\(word)'"
                throw error("a value", "expected a value, found \(what): code, not data")
            }
        }
    }

    private mutating func members(depth: Int) throws(JSONError) -> [(key: String, value: JSONValue)] {
        advance()
        var members: [(key: String, value: JSONValue)] = []
        while true {
            skipBlank()
            guard let byte else { throw error("a key or '}'") }
            if byte == UInt8(ascii: "}") {
                advance()
                return members
            }
            let key: String
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): key = try string()
            case UInt8(ascii: "0")...UInt8(ascii: "9"): key = try number().text
            default:
                key = identifier()
                if key.isEmpty { throw error("a key or '}'") }
            }
            skipBlank()
            guard self.byte == UInt8(ascii: ":") else { throw error("':'") }
            advance()
            members.append((key, try value(depth: depth + 1)))
            skipBlank()
            if self.byte == UInt8(ascii: ",") {
                advance()
            } else if self.byte != UInt8(ascii: "}") {
                throw error("',' or '}'")
            }
        }
    }

    private mutating func elements(depth: Int) throws(JSONError) -> [JSONValue] {
        advance()
        var elements: [JSONValue] = []
        while true {
            skipBlank()
            guard let byte else { throw error("a value or ']'") }
            if byte == UInt8(ascii: "]") {
                advance()
                return elements
            }
            if byte == UInt8(ascii: ",") {
                // A hole, `[1,,2]`, holds undefined.
                elements.append(JSONValue(.null, at: position))
                advance()
                continue
            }
            elements.append(try value(depth: depth + 1))
            skipBlank()
            if self.byte == UInt8(ascii: ",") {
                advance()
            } else if self.byte != UInt8(ascii: "]") {
                throw error("',' or ']'")
            }
        }
    }

    /// A name as JavaScript writes one: letters, digits, `_`, `$`, and any non-ASCII byte;
    /// empty when none starts here.
    package mutating func identifier() -> String {
        let start = index
        while let byte,
            Self.isNameByte(byte) || (index > start && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte))
        {
            advance()
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private func peekName(after count: Int) -> String {
        var scan = index + count
        while scan < bytes.count, bytes[scan] == 0x20 { scan += 1 }
        let start = scan
        while scan < bytes.count, Self.isNameByte(bytes[scan]) { scan += 1 }
        return String(decoding: bytes[start..<scan], as: UTF8.self)
    }

    /// A byte that may start a JavaScript name: a letter, `_`, `$`, or any non-ASCII byte.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
            UInt8(ascii: "$"):
            return true
        default: return byte >= 0x80
        }
    }

    /// A number in JSON's syntax (which JavaScript's includes).
    private mutating func number() throws(JSONError) -> JSONNumber {
        let start = index
        func digits(_ reader: inout JavaScriptLiteralReader) -> Int {
            var count = 0
            while let byte = reader.byte, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                reader.advance()
                count += 1
            }
            return count
        }
        if byte == UInt8(ascii: "-") { advance() }
        if byte == UInt8(ascii: "0") {
            advance()
            // `0123` is octal to JavaScript (83) and `0849` decimal: JSON has neither, and
            // its text kept as the number would write JSON nothing reads, so neither is guessed.
            if let byte, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                throw error("'.', 'e' or the end of the number", "a number with a leading zero (an octal literal)")
            }
        } else {
            guard digits(&self) > 0 else { throw error("a digit") }
        }
        if byte == UInt8(ascii: ".") {
            advance()
            guard digits(&self) > 0 else { throw error("a digit") }
        }
        if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            advance()
            if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { advance() }
            guard digits(&self) > 0 else { throw error("a digit") }
        }
        return JSONNumber(text: String(decoding: bytes[start..<index], as: UTF8.self))
    }
}

extension JavaScriptLiteralReader {
    /// A string in double or single quotes, with JavaScript's escapes.
    private mutating func string() throws(JSONError) -> String {
        let quote = bytes[index]
        advance()
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(_ reader: JavaScriptLiteralReader) {
            scalars.append(contentsOf: String(decoding: reader.bytes[run..<reader.index], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard let byte else { throw error("the closing quote") }
            if byte == quote {
                flush(self)
                advance()
                return String(scalars)
            }
            if byte == 0x0A || byte == 0x0D { throw error("the closing quote", "a line break inside a string") }
            guard byte == UInt8(ascii: "\\") else {
                advance()
                continue
            }
            flush(self)
            advance()
            guard let escaped = self.byte else { throw error("an escape") }
            advance()
            switch escaped {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "v"): scalars.append("\u{0B}")
            case UInt8(ascii: "0"): scalars.append("\u{00}")
            case 0x0A: break  // A line continuation.
            case UInt8(ascii: "x"): scalars.append(try hexScalar(digits: 2))
            case UInt8(ascii: "u"):
                if self.byte == UInt8(ascii: "{") {
                    advance()
                    var value: UInt32 = 0
                    while let digit = self.byte, let nibble = Self.hex(digit) {
                        value = value &* 16 &+ nibble
                        advance()
                    }
                    guard self.byte == UInt8(ascii: "}"), value <= 0x10FFFF else { throw error("'}'") }
                    advance()
                    scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                } else {
                    scalars.append(try unicodeEscape())
                }
            default: scalars.append(Unicode.Scalar(escaped))
            }
            run = index
        }
    }

    /// `\uXXXX`, joining a surrogate pair; a lone surrogate reads as U+FFFD, as in `JSONParser`.
    private mutating func unicodeEscape() throws(JSONError) -> Unicode.Scalar {
        let high = try hexValue(digits: 4)
        guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high) ?? "\u{FFFD}" }
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
            return "\u{FFFD}"
        }
        advance()
        advance()
        let low = try hexValue(digits: 4)
        guard (0xDC00...0xDFFF).contains(low) else { return "\u{FFFD}" }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
    }

    private mutating func hexScalar(digits: Int) throws(JSONError) -> Unicode.Scalar {
        Unicode.Scalar(try hexValue(digits: digits)) ?? "\u{FFFD}"
    }

    private mutating func hexValue(digits: Int) throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let digit = byte, let nibble = Self.hex(digit) else { throw error("a hexadecimal digit") }
            value = value * 16 + nibble
            advance()
        }
        return value
    }

    private static func hex(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
