/// Reads a JSONPath query (RFC 9535 §2) into a `JSONPathQuery`, by recursive descent over
/// its Unicode scalars, so an error's column counts characters.
///
/// Nesting (filters within filters, parentheses, function calls) is bounded by
/// `maximumDepth`, so a hostile query gives an error rather than exhausting the stack.
struct JSONPathParser {
    static let maximumDepth = 64
    /// I-JSON's exact integers (RFC 7493 §2.2): the range of indices and slice bounds.
    static let maximumInteger = 9_007_199_254_740_991

    let source: String
    let scalars: [Unicode.Scalar]
    var index = 0
    var depth = 0

    init(_ source: String) {
        self.source = source
        scalars = Array(source.unicodeScalars)
    }

    static func parse(_ source: String) throws(JSONPathError) -> JSONPathQuery {
        var parser = JSONPathParser(source)
        guard parser.peek == "$" else { throw parser.error("'$' at the start of the query") }
        let query = try parser.query()
        if !parser.atEnd { throw parser.error("'.', '..' or '[' (or the end of the query)") }
        return query
    }

    // MARK: Reading

    var atEnd: Bool { index >= scalars.count }
    var peek: Unicode.Scalar? { atEnd ? nil : scalars[index] }

    func peek(at offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    func error(_ expected: String, at column: Int? = nil) -> JSONPathError {
        JSONPathError(source: source, column: (column ?? index) + 1, expected: expected)
    }

    mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard peek == scalar else { return false }
        index += 1
        return true
    }

    mutating func expect(_ scalar: Unicode.Scalar, _ expected: String? = nil) throws(JSONPathError) {
        guard take(scalar) else { throw error(expected ?? "'\(scalar)'") }
    }

    /// RFC 9535's `S`: space, tab, line feed, carriage return; true when there were any.
    @discardableResult
    mutating func skipBlanks() -> Bool {
        let start = index
        while let scalar = peek, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" { index += 1 }
        return index > start
    }

    mutating func nest() throws(JSONPathError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("at most \(Self.maximumDepth) levels of nesting") }
    }

    // MARK: Queries and segments

    /// `$` or `@` followed by segments; blanks may stand between segments (§2.5).
    mutating func query() throws(JSONPathError) -> JSONPathQuery {
        let isRelative = peek == "@"
        index += 1
        var segments: [JSONPathSegment] = []
        while true {
            let mark = index
            skipBlanks()
            guard let scalar = peek, scalar == "." || scalar == "[" else {
                index = mark
                break
            }
            segments.append(try segment())
        }
        return JSONPathQuery(isRelative: isRelative, segments: segments)
    }

    mutating func segment() throws(JSONPathError) -> JSONPathSegment {
        if take("[") {
            var spaced = false
            let selectors = try bracketed(spaced: &spaced)
            return JSONPathSegment(isDescendant: false, selectors: selectors, hasBlanks: spaced)
        }
        index += 1  // "."
        if take(".") {
            var spaced = false
            if take("[") { return JSONPathSegment(isDescendant: true, selectors: try bracketed(spaced: &spaced)) }
            if take("*") { return JSONPathSegment(isDescendant: true, selectors: [.wildcard]) }
            guard let name = memberName() else { throw error("a member name, '*' or '[' after '..'") }
            return JSONPathSegment(isDescendant: true, selectors: [.name(name)])
        }
        if take("*") { return JSONPathSegment(isDescendant: false, selectors: [.wildcard]) }
        guard let name = memberName() else { throw error("a member name or '*' after '.'") }
        return JSONPathSegment(isDescendant: false, selectors: [.name(name)])
    }

    /// `member-name-shorthand`: a letter, `_` or any non-ASCII character, then digits too.
    mutating func memberName() -> String? {
        func isFirst(_ s: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(s) || ("A"..."Z").contains(s) || s == "_" || s.value >= 0x80
        }
        guard let first = peek, isFirst(first) else { return nil }
        var name = String.UnicodeScalarView()
        while let scalar = peek, isFirst(scalar) || ("0"..."9").contains(scalar) {
            name.append(scalar)
            index += 1
        }
        return String(name)
    }

    /// After `[`: selectors separated by commas, then `]`; `spaced` tells whether blanks
    /// stood between them and the brackets.
    mutating func bracketed(spaced: inout Bool) throws(JSONPathError) -> [JSONPathSelector] {
        var selectors: [JSONPathSelector] = []
        repeat {
            if skipBlanks() { spaced = true }
            selectors.append(try selector())
            if skipBlanks() { spaced = true }
        } while take(",")
        try expect("]", "',' or ']'")
        return selectors
    }

    mutating func selector() throws(JSONPathError) -> JSONPathSelector {
        guard let scalar = peek else { throw error("a selector (a quoted name, '*', an index, a slice or '?')") }
        switch scalar {
        case "'", "\"": return .name(try stringLiteral())
        case "*":
            index += 1
            return .wildcard
        case "?":
            index += 1
            skipBlanks()
            try nest()
            defer { depth -= 1 }
            return .filter(try logicalExpression())
        case "-", ":", "0"..."9": return try indexOrSlice()
        default: throw error("a selector (a quoted name, '*', an index, a slice or '?')")
        }
    }

    mutating func indexOrSlice() throws(JSONPathError) -> JSONPathSelector {
        let start = peek == ":" ? nil : try integer()
        skipBlanks()
        guard take(":") else {
            guard let start else { throw error("an index") }
            return .index(start)
        }
        skipBlanks()
        let end = isIntegerStart ? try integer() : nil
        skipBlanks()
        var step: Int?
        if take(":") {
            skipBlanks()
            step = isIntegerStart ? try integer() : nil
        }
        return .slice(start: start, end: end, step: step)
    }

    var isIntegerStart: Bool {
        guard let scalar = peek else { return false }
        return scalar == "-" || ("0"..."9").contains(scalar)
    }

    /// `int`: `0`, or an optional `-` and digits without a leading zero, within I-JSON's range.
    mutating func integer() throws(JSONPathError) -> Int {
        let begin = index
        let negative = take("-")
        guard let first = peek, ("0"..."9").contains(first) else { throw error("a digit") }
        if first == "0" {
            index += 1
            if negative { throw error("a digit from 1 to 9 (no '-0')", at: begin) }
            if let next = peek, ("0"..."9").contains(next) { throw error("no leading zero", at: begin) }
            return 0
        }
        var value = 0
        while let scalar = peek, ("0"..."9").contains(scalar) {
            value = value * 10 + Int(scalar.value - 0x30)
            index += 1
            if value > Self.maximumInteger {
                throw error("an integer between -\(Self.maximumInteger) and \(Self.maximumInteger)", at: begin)
            }
        }
        return negative ? -value : value
    }

    // MARK: String literals (§2.3.1.1)

    mutating func stringLiteral() throws(JSONPathError) -> String {
        let quote = scalars[index]
        index += 1
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = peek else { throw error("\(quote == "'" ? "\"'\"" : "'\"'") to end the string") }
            index += 1
            if scalar == quote { return String(text) }
            if scalar.value < 0x20 { throw error("no control character in a string (write it escaped)", at: index - 1) }
            guard scalar == "\\" else {
                text.append(scalar)
                continue
            }
            text.append(try escape(in: quote))
        }
    }

    private mutating func escape(in quote: Unicode.Scalar) throws(JSONPathError) -> Unicode.Scalar {
        guard let scalar = peek else { throw error("an escaped character after '\\'") }
        index += 1
        switch scalar {
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "/", "\\": return scalar
        case "'", "\"":
            if scalar == quote { return scalar }
            throw error("an escape that JSONPath allows (\\\(scalar) is not one in this quote)", at: index - 2)
        case "u":
            let high = try hexQuad()
            if (0xDC00...0xDFFF).contains(high) { throw error("a high surrogate before a low one", at: index - 6) }
            if (0xD800...0xDBFF).contains(high) {
                guard take("\\"), take("u") else { throw error("'\\u' and a low surrogate after a high one") }
                let low = try hexQuad()
                guard (0xDC00...0xDFFF).contains(low) else { throw error("a low surrogate", at: index - 6) }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            return Unicode.Scalar(high)!
        default: throw error("b, f, n, r, t, /, \\, a quote or u after '\\'", at: index - 1)
        }
    }

    private mutating func hexQuad() throws(JSONPathError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = peek, let digit = Self.hexDigit(scalar) else { throw error("a hexadecimal digit") }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private static func hexDigit(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": return scalar.value - 0x30
        case "a"..."f": return scalar.value - 0x61 + 10
        case "A"..."F": return scalar.value - 0x41 + 10
        default: return nil
        }
    }
}
