/// Splits template source into text and tags, following Set Delimiter tags.
///
/// Mustache spec: a tag is the opening delimiter, an optional sigil (`#` `^` `/` `>` `<`
/// `$` `!` `=` `&` `{`), content, and the closing delimiter; a triple mustache ends with
/// `}` and a Set Delimiter tag with `=` before the closing delimiter.
struct Lexer {
    let name: String
    let source: [UInt8]
    private var delimiters: Delimiters
    private var position = 0
    private var line = 1
    private var lineStart = 0
    /// The last column worked out on the current line, so columns on a long line (a
    /// minified template) are counted once, not from the line's start for every tag.
    private var lastColumn = (offset: 0, column: 1)
    private var tokens: [Token] = []

    init(source: String, name: String, delimiters: Delimiters = .standard) {
        self.name = name
        self.source = Array(source.utf8)
        self.delimiters = delimiters
    }

    /// The tokens of the whole source, standalone lines already removed.
    mutating func tokenize() throws(TemplateError) -> [Token] {
        while position < source.count {
            guard let tagStart = find(delimiters.open, from: position) else {
                appendText(upTo: source.count)
                break
            }
            appendText(upTo: tagStart)
            try readTag(at: tagStart)
        }
        var lines = StandaloneLines()
        return lines.process(tokens)
    }

    // MARK: - Text

    /// Appends source text up to `end`, one token per line so lines can be judged alone.
    private mutating func appendText(upTo end: Int) {
        var start = position
        var index = position
        while index < end {
            if source[index] == UInt8(ascii: "\n") {
                tokens.append(.text(string(start..<index + 1), endsLine: true))
                start = index + 1
                line += 1
                lineStart = start
            }
            index += 1
        }
        if start < end {
            tokens.append(.text(string(start..<end), endsLine: false))
        }
        position = end
    }

    // MARK: - Tags

    private mutating func readTag(at start: Int) throws(TemplateError) {
        let location = self.location(of: start)
        lastColumn = (start, location.column)
        var contentStart = start + delimiters.open.count
        var closing = delimiters.close
        var kind = Tag.Kind.variable(escaped: true)
        if contentStart < source.count {
            switch source[contentStart] {
            case UInt8(ascii: "{"):
                kind = .variable(escaped: false)
                closing = Array("}".utf8) + delimiters.close
            case UInt8(ascii: "&"): kind = .variable(escaped: false)
            case UInt8(ascii: "#"): kind = .section
            case UInt8(ascii: "^"): kind = .invertedSection
            case UInt8(ascii: "/"): kind = .close
            case UInt8(ascii: ">"): kind = .partial
            case UInt8(ascii: "<"): kind = .parent
            case UInt8(ascii: "$"): kind = .block
            case UInt8(ascii: "!"): kind = .comment
            case UInt8(ascii: "="):
                kind = .setDelimiters
                closing = Array("=".utf8) + delimiters.close
            default: break
            }
            if kind != .variable(escaped: true) { contentStart += 1 }
        }
        guard let contentEnd = find(closing, from: contentStart) else {
            let expected = String(decoding: closing, as: UTF8.self)
            throw TemplateError(name: name, at: location, "unclosed tag: no '\(expected)' after it")
        }
        let end = contentEnd + closing.count
        let content = string(contentStart..<contentEnd).trimmingBlanks()
        let tag = Tag(
            kind: kind, content: content, location: location, range: start..<end, delimiters: delimiters)
        try validate(tag)
        if kind == .setDelimiters {
            delimiters = try newDelimiters(from: tag)
        }
        countLines(in: start..<end)
        position = end
        tokens.append(.tag(tag))
    }

    private func validate(_ tag: Tag) throws(TemplateError) {
        switch tag.kind {
        case .comment, .setDelimiters: return
        default: break
        }
        var name = tag.content
        if tag.kind == .partial || tag.kind == .parent, name.hasPrefix("*") {
            name = String(name.dropFirst()).trimmingBlanks()
        }
        if name.isEmpty {
            throw TemplateError(name: self.name, at: tag.location, "empty tag: a name is needed between the delimiters")
        }
        if name.contains(where: \.isWhitespace) {
            throw TemplateError(name: self.name, at: tag.location, "tag name '\(name)' contains whitespace")
        }
    }

    private func newDelimiters(from tag: Tag) throws(TemplateError) -> Delimiters {
        let parts = tag.content.split(whereSeparator: \.isWhitespace)
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw TemplateError(
                name: name, at: tag.location,
                "bad Set Delimiter tag '=\(tag.content)=': give two delimiters without '=', such as {{=<% %>=}}")
        }
        return Delimiters(open: Array(parts[0].utf8), close: Array(parts[1].utf8))
    }

    // MARK: - Positions

    /// Keeps line counting right across tags that span lines (multi-line comments).
    private mutating func countLines(in range: Range<Int>) {
        for index in range where source[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
    }

    /// The line and column of `offset`; the column counts Unicode scalars from 1.
    private func location(of offset: Int) -> SourceLocation {
        var (from, column) = lastColumn.offset >= lineStart ? lastColumn : (lineStart, 1)
        while from < offset {
            // Count every byte that starts a scalar, i.e. is not a UTF-8 continuation byte.
            if source[from] & 0xC0 != 0x80 { column += 1 }
            from += 1
        }
        return SourceLocation(line: line, column: column)
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: source[range], as: UTF8.self)
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, source.count >= needle.count else { return nil }
        var index = start
        let last = source.count - needle.count
        while index <= last {
            if source[index] == first {
                var matched = 1
                while matched < needle.count, source[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return index }
            }
            index += 1
        }
        return nil
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    func trimmingBlanks() -> String {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view = view.dropFirst() }
        while let last = view.last, last.isWhitespace { view = view.dropLast() }
        return String(view)
    }
}
