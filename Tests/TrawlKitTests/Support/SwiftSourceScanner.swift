import Foundation

/// Just enough of Swift's lexical structure to tell which names a file declares and which it
/// uses: comments and string literals are not code, a string's `\(…)` interpolations are.
struct SwiftSourceScanner {
    /// A name in code (or a brace), with its line (from 1) and the character of code before it.
    struct Token: Equatable {
        var name: String
        var line: Int
        var previous: Character

        /// A member's name: `Outer.Name`, `value.name`.
        var isAfterDot: Bool { previous == "." }
        /// Only space between it and the word before (`struct Name`), no punctuation.
        var followsWord: Bool { previous.isLetter || previous.isNumber || previous == "_" }
    }

    /// A type, function or variable the file declares.
    struct Declaration: Equatable {
        enum Scope: Equatable {
            /// At the top of the file: visible to the whole module.
            case topLevel
            /// Nested in an extension of a type declared elsewhere (`extension CacheStore { struct … }`).
            case inExtension(of: String)
            /// Anywhere else: nested in a type or local to a function.
            case nested
        }
        var name: String
        var line: Int
        var isType: Bool
        var scope: Scope
    }

    let tokens: [Token]
    let declarations: [Declaration]

    init(_ text: String) {
        tokens = Self.tokens(inCode: Self.code(of: text))
        declarations = Self.declarations(in: tokens)
    }

    private static let typeKeywords: Set<String> = [
        "class", "struct", "enum", "protocol", "actor", "typealias", "associatedtype",
    ]
    private static let valueKeywords: Set<String> = ["func", "let", "var"]
    /// Words after which `class` is a modifier (`class func`), not a declaration.
    private static let memberKeywords: Set<String> = ["func", "var", "let", "subscript", "init"]

    /// The text with comments and string literals blanked out, line breaks kept so lines still count.
    static func code(of text: String) -> String {
        let bytes = Array(text.utf8)
        var output = bytes
        // The innermost context last: code (its open parentheses, to find where an
        // interpolation ends) or a string (its `#` count, and whether it is `"""`).
        enum Context {
            case code(parentheses: Int)
            case string(hashes: Int, multiline: Bool)
        }
        var contexts: [Context] = [.code(parentheses: 0)]
        var index = 0
        func byte(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
        func blank(_ range: Range<Int>) {
            for offset in range where offset < bytes.count && bytes[offset] != UInt8(ascii: "\n") {
                output[offset] = UInt8(ascii: " ")
            }
        }
        func count(_ character: Character, from start: Int) -> Int {
            var end = start
            while byte(end) == character.asciiValue { end += 1 }
            return end - start
        }
        func isTripleQuote(at offset: Int) -> Bool {
            byte(offset) == UInt8(ascii: "\"") && byte(offset + 1) == UInt8(ascii: "\"")
                && byte(offset + 2) == UInt8(ascii: "\"")
        }
        while index < bytes.count {
            switch contexts[contexts.count - 1] {
            case .code(let parentheses):
                let current = bytes[index]
                if current == UInt8(ascii: "/"), byte(index + 1) == UInt8(ascii: "/") {
                    var end = index
                    while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                    blank(index..<end)
                    index = end
                } else if current == UInt8(ascii: "/"), byte(index + 1) == UInt8(ascii: "*") {
                    var depth = 1
                    var end = index + 2
                    while end < bytes.count, depth > 0 {
                        if bytes[end] == UInt8(ascii: "/"), byte(end + 1) == UInt8(ascii: "*") {
                            depth += 1
                            end += 2
                        } else if bytes[end] == UInt8(ascii: "*"), byte(end + 1) == UInt8(ascii: "/") {
                            depth -= 1
                            end += 2
                        } else {
                            end += 1
                        }
                    }
                    blank(index..<end)
                    index = end
                } else if current == UInt8(ascii: "#") || current == UInt8(ascii: "\"") {
                    let hashes = count("#", from: index)
                    let quote = index + hashes
                    guard byte(quote) == UInt8(ascii: "\"") else {
                        index += max(hashes, 1)  // `#if`, `#selector`: code
                        continue
                    }
                    let multiline = isTripleQuote(at: quote)
                    let end = quote + (multiline ? 3 : 1)
                    blank(index..<end)
                    contexts.append(.string(hashes: hashes, multiline: multiline))
                    index = end
                } else if current == UInt8(ascii: "("), contexts.count > 1 {
                    contexts[contexts.count - 1] = .code(parentheses: parentheses + 1)
                    index += 1
                } else if current == UInt8(ascii: ")"), contexts.count > 1 {
                    if parentheses == 0 {
                        blank(index..<index + 1)  // the end of an interpolation: back into its string
                        contexts.removeLast()
                    } else {
                        contexts[contexts.count - 1] = .code(parentheses: parentheses - 1)
                    }
                    index += 1
                } else {
                    index += 1
                }
            case .string(let hashes, let multiline):
                let current = bytes[index]
                if current == UInt8(ascii: "\\"), count("#", from: index + 1) >= hashes {
                    let escaped = index + 1 + hashes
                    if byte(escaped) == UInt8(ascii: "(") {
                        blank(index..<escaped + 1)
                        contexts.append(.code(parentheses: 0))
                    } else {
                        blank(index..<escaped + 1)
                    }
                    index = escaped + 1
                } else if current == UInt8(ascii: "\""), !multiline || isTripleQuote(at: index),
                    count("#", from: index + (multiline ? 3 : 1)) >= hashes
                {
                    let end = index + (multiline ? 3 : 1) + hashes
                    blank(index..<end)
                    contexts.removeLast()
                    index = end
                } else if current == UInt8(ascii: "\n"), !multiline {
                    contexts.removeLast()  // an unterminated string: the compiler says so, not this
                    index += 1
                } else {
                    blank(index..<index + 1)
                    index += 1
                }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The names in `code` (text from `code(of:)`), with braces as `{` and `}` tokens.
    static func tokens(inCode code: String) -> [Token] {
        var tokens: [Token] = []
        var line = 1
        var current = ""
        var currentPrevious: Character = " "
        var lastSignificant: Character = " "
        func flush() {
            if !current.isEmpty { tokens.append(Token(name: current, line: line, previous: currentPrevious)) }
            current = ""
        }
        for character in code {
            if character.isLetter || character == "_" || (character.isNumber && !current.isEmpty) {
                if current.isEmpty { currentPrevious = lastSignificant }
                current.append(character)
                lastSignificant = character
                continue
            }
            flush()
            if character == "{" || character == "}" {
                tokens.append(Token(name: String(character), line: line, previous: lastSignificant))
            }
            if character == "\n" { line += 1 }
            if !character.isWhitespace { lastSignificant = character }
        }
        flush()
        return tokens
    }

    /// What the tokens declare, and at what depth of braces.
    static func declarations(in tokens: [Token]) -> [Declaration] {
        var declarations: [Declaration] = []
        // For each open brace: the type an `extension` at the top level opened it for.
        var scopes: [String?] = []
        var pendingExtension: String?
        for (index, token) in tokens.enumerated() {
            let next = index + 1 < tokens.count ? tokens[index + 1] : nil
            switch token.name {
            case "{":
                scopes.append(pendingExtension)
                pendingExtension = nil
            case "}":
                _ = scopes.popLast()
            case "extension" where scopes.isEmpty && !token.isAfterDot:
                pendingExtension = next?.name
            case let keyword where typeKeywords.contains(keyword) || valueKeywords.contains(keyword):
                // `func == (lhs:…)` declares an operator, not `lhs`.
                guard !token.isAfterDot, let next, next.followsWord, next.name != "{", next.name != "}" else {
                    continue
                }
                if keyword == "class" && memberKeywords.contains(next.name) { continue }
                let scope: Declaration.Scope
                if scopes.isEmpty {
                    scope = .topLevel
                } else if scopes.count == 1, let extended = scopes[0] {
                    scope = .inExtension(of: extended)
                } else {
                    scope = .nested
                }
                declarations.append(
                    Declaration(
                        name: next.name, line: next.line, isType: typeKeywords.contains(keyword), scope: scope))
            default:
                continue
            }
        }
        return declarations
    }
}
