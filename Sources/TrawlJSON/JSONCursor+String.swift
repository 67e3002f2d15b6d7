import TrawlText

extension JSONCursor {
    /// A string literal, the cursor on its opening quote. Escapes are decoded; a `\u`
    /// escape of a lone surrogate, which no Swift string can hold, becomes U+FFFD.
    mutating func string() throws(JSONError) -> String {
        index += 1
        let start = index
        // The common case: no escapes, so the bytes are the string. Eight bytes at a time
        // while none of them is a quote, a backslash or a control character.
        var highBits: UInt64 = 0
        while index + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if Self.mayEndARun(word) { break }
            highBits |= word
            index += 8
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let run = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
                index += 1
                // ASCII needs no check (and `String(validating:)` is far slower than decoding).
                if highBits & 0x8080_8080_8080_8080 == 0 {
                    return String(decoding: run.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
                }
                guard let string = String(validating: run, as: UTF8.self) else {
                    index -= 1
                    throw invalidUTF8(from: start)
                }
                return string
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            highBits |= UInt64(byte)
            index += 1
        }
        var utf8 = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = String(validating: utf8, as: UTF8.self) else { throw invalidUTF8(from: start) }
                index += 1
                return string
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw error(expected: "an escape character") }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): utf8.append(contentsOf: String(Character(try unicodeEscape())).utf8)
                default:
                    index -= 1
                    throw error(
                        expected: "an escape character",
                        message: "unknown escape '\\\(Character(Unicode.Scalar(escaped)))'")
                }
            case 0x0A, 0x0D:
                throw error(expected: "a string character or '\"'", message: "line break inside a string (write \\n)")
            case 0..<0x20:
                throw error(
                    expected: "a string character or '\"'",
                    message: "control character \(JSONError.describe(byte)) inside a string (write it as \\u00XX)")
            default:
                utf8.append(byte)
                index += 1
            }
        }
        throw error(expected: "'\"'")
    }

    /// A string literal without escapes and all ASCII, the cursor on its opening quote:
    /// its bytes in place. Nil, the cursor left where it was, for any other string.
    mutating func asciiString() -> UnsafeRawBufferPointer? {
        let start = index + 1
        var end = start
        let high: UInt64 = 0x8080_8080_8080_8080
        while end + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: end, as: UInt64.self)
            if word & high != 0 || Self.mayEndARun(word) { break }
            end += 8
        }
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                index = end + 1
                return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return nil }
            end += 1
        }
        return nil
    }

    /// Whether any of the eight bytes in `word` is `"`, `\\` or below 0x20 (SWAR: a byte
    /// is zero after the XOR exactly when it matched; subtracting borrows into its top bit).
    private static func mayEndARun(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & high != 0 }
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let control = (word &- ones &* 0x20) & ~word & high
        return hasZeroByte(quote) || hasZeroByte(backslash) || control != 0
    }

    private func invalidUTF8(from start: Int) -> JSONError {
        var cursor = self
        // Point at the first byte that breaks UTF-8.
        let run = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
        cursor.index = start + (UTF8Validation.firstInvalidByte(in: run) ?? run.count)
        cursor.lineStart = lineStart
        return cursor.error(expected: "UTF-8 text", message: "a string is not valid UTF-8")
    }

    /// `XXXX` after `\u`, joining a surrogate pair written as two escapes.
    private mutating func unicodeEscape() throws(JSONError) -> Unicode.Scalar {
        let high = try hex4()
        if (0xD800..<0xDC00).contains(high), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
        {
            let save = index
            index += 2
            let low = try hex4()
            if (0xDC00..<0xE000).contains(low) {
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
            }
            index = save
        }
        return Unicode.Scalar(high) ?? "\u{FFFD}"
    }

    private mutating func hex4() throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw error(expected: "a hexadecimal digit") }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw error(expected: "a hexadecimal digit", message: "expected four hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
