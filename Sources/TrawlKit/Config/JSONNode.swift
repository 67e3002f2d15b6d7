import Foundation

/// A JSON value that remembers where it stood in its file and the order of its keys.
///
/// Configuration errors quote the line and column, and fields keep the order the
/// user wrote them in; JSONSerialization gives neither.
struct JSONNode: Sendable {
    indirect enum Content: Sendable {
        case object([(key: String, value: JSONNode)])
        case array([JSONNode])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    var content: Content
    var line: Int
    var column: Int

    subscript(key: String) -> JSONNode? {
        guard case .object(let members) = content else { return nil }
        return members.last { $0.key == key }?.value
    }

    var keys: [String] {
        guard case .object(let members) = content else { return [] }
        return members.map(\.key)
    }

    var kindDescription: String {
        switch content {
        case .object: return "an object"
        case .array: return "a list"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

/// Where and why a JSON text stopped parsing.
struct JSONSyntaxError: Error, CustomStringConvertible {
    var line: Int
    var column: Int
    var message: String

    var description: String { "line \(line), column \(column): \(message)" }
}

/// A strict RFC 8259 parser producing `JSONNode`s.
struct JSONNodeParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0

    init(_ data: Data) {
        bytes = Array(data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }
    }

    static func parse(_ data: Data) throws -> JSONNode {
        var parser = JSONNodeParser(data)
        let node = try parser.value()
        parser.skipWhitespace()
        if parser.index < parser.bytes.count { throw parser.error("unexpected text after the end of the document") }
        return node
    }

    private var column: Int { index - lineStart + 1 }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: column, message: message)
    }

    private mutating func skipWhitespace() {
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

    private mutating func value() throws -> JSONNode {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of file") }
        let (startLine, startColumn) = (line, column)
        func node(_ content: JSONNode.Content) -> JSONNode {
            JSONNode(content: content, line: startLine, column: startColumn)
        }
        switch bytes[index] {
        case UInt8(ascii: "{"): return node(try object())
        case UInt8(ascii: "["): return node(try array())
        case UInt8(ascii: "\""): return node(.string(try string()))
        case UInt8(ascii: "t"): try literal("true"); return node(.bool(true))
        case UInt8(ascii: "f"): try literal("false"); return node(.bool(false))
        case UInt8(ascii: "n"): try literal("null"); return node(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return node(.number(try number()))
        default:
            throw error("expected a value, found '\(Character(UnicodeScalar(bytes[index])))'")
        }
    }

    private mutating func nest() throws {
        depth += 1
        if depth > 512 { throw error("nested more than 512 levels deep") }
    }

    private mutating func object() throws -> JSONNode.Content {
        try nest()
        defer { depth -= 1 }
        index += 1
        var members: [(key: String, value: JSONNode)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a key in double quotes")
            }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after key \"\(key)\"")
            }
            index += 1
            members.append((key, try value()))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file in an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            throw error("expected ',' or '}' in an object")
        }
    }

    private mutating func array() throws -> JSONNode.Content {
        try nest()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            elements.append(try value())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file in a list") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            throw error("expected ',' or ']' in a list")
        }
    }

    private mutating func literal(_ word: String) throws {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw error("expected '\(word)'")
        }
        index += expected.count
    }

    private mutating func number() throws -> Double {
        let start = index
        let allowed = Set("+-0123456789.eE".utf8)
        while index < bytes.count, allowed.contains(bytes[index]) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text),
            text.range(of: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#, options: .regularExpression) != nil
        else {
            index = start
            throw error("'\(text)' is not a number")
        }
        return number
    }

    private mutating func string() throws -> String {
        index += 1
        var run = index
        var result = ""
        func flush(_ end: Int) {
            result += String(decoding: bytes[run..<end], as: UTF8.self)
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                flush(index)
                index += 1
                return result
            case UInt8(ascii: "\\"):
                flush(index)
                index += 1
                guard index < bytes.count else { throw error("unexpected end of file in a string") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): result += "\""
                case UInt8(ascii: "\\"): result += "\\"
                case UInt8(ascii: "/"): result += "/"
                case UInt8(ascii: "b"): result += "\u{8}"
                case UInt8(ascii: "f"): result += "\u{c}"
                case UInt8(ascii: "n"): result += "\n"
                case UInt8(ascii: "r"): result += "\r"
                case UInt8(ascii: "t"): result += "\t"
                case UInt8(ascii: "u"): result += String(try unicodeEscape())
                default: throw error("unknown escape '\\\(Character(UnicodeScalar(escape)))'")
                }
                run = index
            case 0x0A, 0x0D:
                throw error("line break inside a string (write \\n)")
            default:
                index += 1
            }
        }
        throw error("unterminated string")
    }

    private mutating func hexQuad() throws -> UInt32 {
        guard bytes.count - index >= 4,
            let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw error("expected four hex digits after \\u") }
        index += 4
        return value
    }

    private mutating func unicodeEscape() throws -> Character {
        let first = try hexQuad()
        if (0xD800...0xDBFF).contains(first), bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
        {
            index += 2
            let second = try hexQuad()
            let combined = 0x10000 + ((first - 0xD800) << 10) + (second &- 0xDC00)
            if let scalar = UnicodeScalar(combined) { return Character(scalar) }
        }
        return Character(UnicodeScalar(first) ?? "\u{FFFD}")
    }
}
