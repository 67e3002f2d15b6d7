/// One token of a selector, as CSS Syntax Level 3 §4 cuts it (the subset selectors use).
enum SelectorToken: Equatable {
    case ident(String)
    /// An identifier directly followed by `(`; the parenthesis is part of the token.
    case function(String)
    /// `#name`.
    case hash(String)
    case string(String)
    /// A number as written, sign included (`+2`, `-1`, `3`).
    case number(String)
    case whitespace
    case comma
    case colon
    case leftBracket, rightBracket
    case rightParen
    case delim(Character)
    case end

    /// How the token reads in an error message.
    var spelling: String {
        switch self {
        case .ident(let name): return "'\(name)'"
        case .function(let name): return "'\(name)('"
        case .hash(let name): return "'#\(name)'"
        case .string(let value): return "string \"\(value)\""
        case .number(let text): return "'\(text)'"
        case .whitespace: return "white space"
        case .comma: return "','"
        case .colon: return "':'"
        case .leftBracket: return "'['"
        case .rightBracket: return "']'"
        case .rightParen: return "')'"
        case .delim(let character): return "'\(character)'"
        case .end: return "end of selector"
        }
    }
}

/// Cuts a selector into tokens one at a time, resolving CSS escapes and skipping comments.
///
/// The parser drives it token by token and may read raw text (for `An+B`) through `position`.
struct SelectorTokenizer {
    let characters: [Character]
    /// Index of the next unread character.
    var position = 0

    init(_ source: String) {
        characters = Array(source)
    }

    /// The 1-based column of the character at `index`, for error messages.
    func column(of index: Int) -> Int { index + 1 }

    private func peek(_ offset: Int = 0) -> Character? {
        let index = position + offset
        return index < characters.count ? characters[index] : nil
    }

    /// The next token and the index where it starts.
    mutating func next() throws -> (token: SelectorToken, start: Int) {
        skipComments()
        let start = position
        guard let character = peek() else { return (.end, start) }
        if character.isCSSWhitespace {
            while let next = peek(), next.isCSSWhitespace || startsComment {
                if startsComment { skipComments() } else { position += 1 }
            }
            return (.whitespace, start)
        }
        switch character {
        case "\"", "'":
            position += 1
            return (.string(try readString(quote: character, start: start)), start)
        case "#":
            if let next = peek(1), next.isNameCharacter || startsEscape(at: 1) {
                position += 1
                return (.hash(readName()), start)
            }
        case ",": position += 1; return (.comma, start)
        case ":": position += 1; return (.colon, start)
        case "[": position += 1; return (.leftBracket, start)
        case "]": position += 1; return (.rightBracket, start)
        case ")": position += 1; return (.rightParen, start)
        default: break
        }
        if character.isASCIIDigit || ((character == "+" || character == "-") && peek(1)?.isASCIIDigit == true) {
            var text = String(character)
            position += 1
            while let next = peek(), next.isASCIIDigit || (next == "." && peek(1)?.isASCIIDigit == true) {
                text.append(next)
                position += 1
            }
            return (.number(text), start)
        }
        if startsIdentifier {
            let name = readName()
            if peek() == "(" {
                position += 1
                return (.function(name), start)
            }
            return (.ident(name), start)
        }
        position += 1
        return (.delim(character), start)
    }

    private var startsComment: Bool { peek() == "/" && peek(1) == "*" }

    private mutating func skipComments() {
        while startsComment {
            position += 2
            while position < characters.count, !(peek() == "*" && peek(1) == "/") { position += 1 }
            position = min(position + 2, characters.count)
        }
    }

    private func startsEscape(at offset: Int) -> Bool {
        peek(offset) == "\\" && peek(offset + 1) != "\n"
    }

    /// CSS Syntax §4.3.9: would the next three code points start an identifier?
    private var startsIdentifier: Bool {
        guard let first = peek() else { return false }
        if first == "-" {
            if let second = peek(1), second.isNameStart || second == "-" { return true }
            return startsEscape(at: 1)
        }
        return first.isNameStart || startsEscape(at: 0)
    }

    /// Reads a name (identifier or hash body), resolving escapes.
    private mutating func readName() -> String {
        var name = ""
        while let character = peek() {
            if character.isNameCharacter {
                name.append(character)
                position += 1
            } else if startsEscape(at: 0) {
                position += 1
                name.unicodeScalars.append(readEscape())
            } else {
                break
            }
        }
        return name
    }

    /// CSS Syntax §4.3.7: the code point after a backslash (already consumed).
    private mutating func readEscape() -> Unicode.Scalar {
        let replacement: Unicode.Scalar = "\u{FFFD}"
        guard let character = peek() else { return replacement }
        guard character.isHexDigit, character.isASCII else {
            position += 1
            return character.unicodeScalars.first.map { $0 == "\0" ? replacement : $0 } ?? replacement
        }
        var hex = ""
        while hex.count < 6, let digit = peek(), digit.isHexDigit, digit.isASCII {
            hex.append(digit)
            position += 1
        }
        if let space = peek(), space.isCSSWhitespace { position += 1 }
        guard let value = UInt32(hex, radix: 16), value != 0, let scalar = Unicode.Scalar(value) else {
            return replacement
        }
        return scalar
    }

    /// CSS Syntax §4.3.5: a quoted string; an escaped newline continues the line.
    private mutating func readString(quote: Character, start: Int) throws -> String {
        var value = ""
        while true {
            guard let character = peek() else { return value }  // EOF closes the string
            position += 1
            switch character {
            case quote:
                return value
            case "\n", "\r\n", "\r":
                throw SelectorError(
                    source: String(characters), column: column(of: start),
                    expected: "closing \(quote) before the end of the line")
            case "\\":
                if let next = peek(), next == "\n" || next == "\r\n" || next == "\r" {
                    position += 1
                } else if peek() != nil {
                    value.unicodeScalars.append(readEscape())
                }
            case "\0":
                value.append("\u{FFFD}")
            default:
                value.append(character)
            }
        }
    }
}

extension Character {
    var isCSSWhitespace: Bool {
        self == " " || self == "\t" || self == "\n" || self == "\r\n" || self == "\r" || self == "\u{0C}"
    }
    var isASCIIDigit: Bool { isASCII && isNumber && ("0"..."9").contains(self) }
    var isNameStart: Bool { isLetter || self == "_" || !isASCII }
    var isNameCharacter: Bool {
        isNameStart || self == "-" || (isASCII && ("0"..."9").contains(self))
    }
}
