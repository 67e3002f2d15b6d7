/// Finds where a JSON text (RFC 8259) stops being well formed, and whether it simply ends
/// too early: the difference between a truncated cache file and a corrupted one.
///
/// It checks structure only (brackets, strings, numbers, literals), iteratively, so a
/// hostile file of deeply nested arrays cannot overflow the stack.
struct JSONSyntax {
    enum Problem: Equatable {
        /// The text ends inside a value: `offset` is its length.
        case unexpectedEnd(offset: Int)
        /// The byte at `offset` cannot stand where it does.
        case unexpectedByte(UInt8, offset: Int, expected: String)
    }

    private enum Expectation {
        case value, valueOrClose, key, keyOrClose, colon, commaOrClose, end

        var description: String {
            switch self {
            case .value: return "a value"
            case .valueOrClose: return "a value or ']'"
            case .key: return "a quoted key"
            case .keyOrClose: return "a quoted key or '}'"
            case .colon: return "':'"
            case .commaOrClose: return "',' or a closing bracket"
            case .end: return "the end of the file"
            }
        }
    }

    /// The first problem in `bytes`, or nil when they are well-formed JSON.
    static func firstProblem(in bytes: UnsafeRawBufferPointer) -> Problem? {
        var scanner = Scanner(bytes: bytes)
        return scanner.run()
    }

    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var index = 0
        var open: [UInt8] = []
        var expectation = Expectation.value

        init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        mutating func run() -> Problem? {
            while true {
                skipWhitespace()
                guard index < bytes.count else {
                    return expectation == .end ? nil : .unexpectedEnd(offset: bytes.count)
                }
                let byte = bytes[index]
                if let problem = step(byte) { return problem }
            }
        }

        private mutating func step(_ byte: UInt8) -> Problem? {
            switch expectation {
            case .value, .valueOrClose:
                if expectation == .valueOrClose, byte == UInt8(ascii: "]") { return close() }
                return value(byte)
            case .key, .keyOrClose:
                if expectation == .keyOrClose, byte == UInt8(ascii: "}") { return close() }
                guard byte == UInt8(ascii: "\"") else { return unexpected(byte) }
                if let problem = string() { return problem }
                expectation = .colon
            case .colon:
                guard byte == UInt8(ascii: ":") else { return unexpected(byte) }
                index += 1
                expectation = .value
            case .commaOrClose:
                if byte == UInt8(ascii: ",") {
                    index += 1
                    expectation = open.last == UInt8(ascii: "{") ? .key : .value
                } else if (byte == UInt8(ascii: "}") && open.last == UInt8(ascii: "{"))
                    || (byte == UInt8(ascii: "]") && open.last == UInt8(ascii: "["))
                {
                    return close()
                } else {
                    return unexpected(byte)
                }
            case .end:
                return unexpected(byte)
            }
            return nil
        }

        private mutating func value(_ byte: UInt8) -> Problem? {
            switch byte {
            case UInt8(ascii: "{"):
                open.append(byte)
                index += 1
                expectation = .keyOrClose
                return nil
            case UInt8(ascii: "["):
                open.append(byte)
                index += 1
                expectation = .valueOrClose
                return nil
            case UInt8(ascii: "\""):
                if let problem = string() { return problem }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                if let problem = number() { return problem }
            case UInt8(ascii: "t"): if let problem = literal("true") { return problem }
            case UInt8(ascii: "f"): if let problem = literal("false") { return problem }
            case UInt8(ascii: "n"): if let problem = literal("null") { return problem }
            default:
                return unexpected(byte)
            }
            expectation = open.isEmpty ? .end : .commaOrClose
            return nil
        }

        private mutating func close() -> Problem? {
            open.removeLast()
            index += 1
            expectation = open.isEmpty ? .end : .commaOrClose
            return nil
        }

        private func unexpected(_ byte: UInt8) -> Problem {
            .unexpectedByte(byte, offset: index, expected: expectation.description)
        }

        private mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        private mutating func string() -> Problem? {
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return nil
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < bytes.count else { return .unexpectedEnd(offset: bytes.count) }
                    let escaped = bytes[index]
                    if escaped == UInt8(ascii: "u") {
                        for _ in 0..<4 {
                            index += 1
                            guard index < bytes.count else { return .unexpectedEnd(offset: bytes.count) }
                            guard isHexDigit(bytes[index]) else {
                                return .unexpectedByte(bytes[index], offset: index, expected: "a hexadecimal digit")
                            }
                        }
                    } else if !Array("\"\\/bfnrt".utf8).contains(escaped) {
                        return .unexpectedByte(escaped, offset: index, expected: "an escape character")
                    }
                    index += 1
                case 0..<0x20:
                    return .unexpectedByte(byte, offset: index, expected: "a string character or '\"'")
                default:
                    index += 1
                }
            }
            return .unexpectedEnd(offset: bytes.count)
        }

        private mutating func number() -> Problem? {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return problemInNumber(expected: "a digit") }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { return problemInNumber(expected: "a digit") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                guard digits() > 0 else { return problemInNumber(expected: "a digit") }
            }
            return index > start ? nil : problemInNumber(expected: "a number")
        }

        private func problemInNumber(expected: String) -> Problem {
            index < bytes.count
                ? .unexpectedByte(bytes[index], offset: index, expected: expected)
                : .unexpectedEnd(offset: bytes.count)
        }

        private mutating func digits() -> Int {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - start
        }

        private mutating func literal(_ word: String) -> Problem? {
            for expected in word.utf8 {
                guard index < bytes.count else { return .unexpectedEnd(offset: bytes.count) }
                guard bytes[index] == expected else {
                    return .unexpectedByte(bytes[index], offset: index, expected: "'\(word)'")
                }
                index += 1
            }
            return nil
        }

        private func isHexDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        }
    }
}
