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
    ///
    /// White space, comments and lines are the reader's (`JavaScriptLiteralReader`), as
    /// inside the value, so its errors count lines and columns as the value's do.
    static func checkEnd(of bytes: [UInt8], valueStart: Int, valueEnd: Int) throws(JSONError) {
        var reader = JavaScriptLiteralReader(bytes)
        reader.advance(to: valueStart)
        let start = reader.position
        reader.advance(to: valueEnd)
        var afterLineBreak = false
        while true {
            afterLineBreak = reader.skipBlank() || afterLineBreak
            let index = reader.position.offset
            guard index < bytes.count else { return }
            if let closer = closers.first(where: { Self.hasPrefix($0, bytes, at: index) }) {
                reader.advance(to: index + closer.count)
            } else if bytes[index] == UInt8(ascii: ";") {
                return
            } else if afterLineBreak, startsStatement(reader) {
                return
            } else {
                throw leftover(bytes, at: reader.position, valueStart: start)
            }
        }
    }

    private static let closers: [[UInt8]] = [Array("]]>".utf8), Array("-->".utf8)]

    private static func hasPrefix(_ prefix: [UInt8], _ bytes: [UInt8], at index: Int) -> Bool {
        index + prefix.count <= bytes.count && bytes[index..<index + prefix.count].elementsEqual(prefix)
    }

    /// A name that may begin a new statement: not `in` or `instanceof`, which would go on
    /// with the value's expression across the line break.
    private static func startsStatement(_ reader: JavaScriptLiteralReader) -> Bool {
        var lookahead = reader
        let word = lookahead.identifier()
        return !word.isEmpty && word != "in" && word != "instanceof"
    }

    /// The error for what follows the value: where, and the text found there.
    private static func leftover(
        _ bytes: [UInt8], at position: JSONPosition, valueStart start: JSONPosition
    )
        -> JSONError
    {
        let index = position.offset
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
}
