import TrawlJSON

extension EmbeddedJSON {
    /// Refuses text after the value that does not end the statement, so `x = trueS` or
    /// `{"a": 1} {"b": 2}` is an error rather than the first value read and the rest dropped.
    ///
    /// What may follow: white space; comments, as a CDATA section's close is written
    /// (`//]]>`, `/* ]]> */`); the bare close of a CDATA section or an HTML comment
    /// (`]]>`, `-->`); a `;`, after which the script goes on with other code (Vue writes
    /// `;(function(){…}())` after its state); or, after a line break, another statement
    /// that starts with a name, where JavaScript ends the statement itself (ASI).
    static func checkEnd(of bytes: [UInt8], valueStart: Int, valueEnd: Int) throws(JSONError) {
        var index = valueEnd
        var afterLineBreak = false
        while index < bytes.count {
            let byte = bytes[index]
            if isBlank(byte) {
                afterLineBreak = afterLineBreak || byte == 0x0A || byte == 0x0D
                index += 1
            } else if let past = pastComment(bytes, at: index) {
                afterLineBreak = afterLineBreak || bytes[index + 1] == UInt8(ascii: "/")
                index = past
            } else if let closer = closers.first(where: { Self.hasPrefix($0, bytes, at: index) }) {
                index += closer.count
            } else if byte == UInt8(ascii: ";") {
                return
            } else if afterLineBreak, startsStatement(bytes, at: index) {
                return
            } else {
                throw leftover(bytes, at: index, valueStart: valueStart)
            }
        }
    }

    private static let closers: [[UInt8]] = [Array("]]>".utf8), Array("-->".utf8)]

    private static func hasPrefix(_ prefix: [UInt8], _ bytes: [UInt8], at index: Int) -> Bool {
        index + prefix.count <= bytes.count && bytes[index..<index + prefix.count].elementsEqual(prefix)
    }

    /// Just past a `//` or `/* */` comment that starts at `index`; an unclosed `/*` runs to the end.
    private static func pastComment(_ bytes: [UInt8], at index: Int) -> Int? {
        guard bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count else { return nil }
        switch bytes[index + 1] {
        case UInt8(ascii: "/"):
            return bytes[index...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
        case UInt8(ascii: "*"):
            var scan = index + 2
            while scan + 1 < bytes.count, !(bytes[scan] == UInt8(ascii: "*") && bytes[scan + 1] == UInt8(ascii: "/")) {
                scan += 1
            }
            return min(scan + 2, bytes.count)
        default: return nil
        }
    }

    /// A name that may begin a new statement: not `in` or `instanceof`, which would go on
    /// with the value's expression across the line break.
    private static func startsStatement(_ bytes: [UInt8], at index: Int) -> Bool {
        func isNamePart(_ offset: Int) -> Bool {
            JavaScriptLiteralReader.isNameByte(bytes[offset]) || (offset > index && isDigit(bytes[offset]))
        }
        var end = index
        while end < bytes.count, isNamePart(end) { end += 1 }
        guard end > index else { return false }
        let word = String(decoding: bytes[index..<end], as: UTF8.self)
        return word != "in" && word != "instanceof"
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// The error for what follows the value: where, and the text found there.
    private static func leftover(_ bytes: [UInt8], at index: Int, valueStart: Int) -> JSONError {
        let position = position(in: bytes, at: index)
        let start = self.position(in: bytes, at: valueStart)
        var end = index
        while end < bytes.count, end - index < 24, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        let found = String(decoding: bytes[index..<end], as: UTF8.self)
        let more = end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D ? "…" : ""
        return JSONError(
            position: position, isTruncated: false, found: bytes[index],
            expected: "';' or the end of the script",
            message:
                "expected ';' or the end of the script after the value that starts at \(start), found '\(found)\(more)'"
        )
    }

    private static func position(in bytes: [UInt8], at index: Int) -> JSONPosition {
        var line = 1
        var lineStart = 0
        for offset in 0..<index where bytes[offset] == 0x0A {
            line += 1
            lineStart = offset + 1
        }
        return JSONPosition(offset: index, line: line, column: index - lineStart + 1)
    }
}
