extension PythonExpression {
    /// Splits a Python expression into names, numbers, string literals (with `u`/`r`
    /// prefixes, triple quotes and the usual escapes) and symbols.
    static func tokenize(_ source: String) throws -> [Token] {
        let characters = Array(source)
        var tokens: [Token] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace { index += 1; continue }
            if character.isLetter || character == "_" {
                var name = ""
                while index < characters.count,
                    characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
                {
                    name.append(characters[index]); index += 1
                }
                let prefixes: Set<String> = ["u", "r", "b", "ur", "U", "R", "B"]
                if prefixes.contains(name), index < characters.count,
                    characters[index] == "'" || characters[index] == "\""
                {
                    tokens.append(.string(try literal(characters, &index, raw: name.lowercased().contains("r"))))
                } else {
                    tokens.append(.name(name))
                }
            } else if character.isNumber {
                var digits = ""
                while index < characters.count, characters[index].isNumber {
                    digits.append(characters[index]); index += 1
                }
                if index < characters.count, characters[index] == "." {
                    throw Unsupported(reason: "float literal")
                }
                tokens.append(.number(Int(digits) ?? 0))
            } else if character == "'" || character == "\"" {
                tokens.append(.string(try literal(characters, &index, raw: false)))
            } else if index + 1 < characters.count, ["==", "!="].contains(String(characters[index...index + 1])) {
                tokens.append(.symbol(String(characters[index...index + 1]))); index += 2
            } else if "[](){}.,:-".contains(character) {
                tokens.append(.symbol(String(character))); index += 1
            } else {
                throw Unsupported(reason: "character \(character)")
            }
        }
        return tokens
    }

    private static func literal(_ characters: [Character], _ index: inout Int, raw: Bool) throws -> String {
        let quote = characters[index]
        let triple = index + 2 < characters.count && characters[index + 1] == quote && characters[index + 2] == quote
        index += triple ? 3 : 1
        var text = ""
        while index < characters.count {
            let character = characters[index]
            if character == quote {
                if !triple { index += 1; return text }
                if index + 2 < characters.count, characters[index + 1] == quote, characters[index + 2] == quote {
                    index += 3
                    return text
                }
            }
            if character == "\\", !raw, index + 1 < characters.count {
                let next = characters[index + 1]
                index += 2
                switch next {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "r": text.append("\r")
                case "\\", "'", "\"": text.append(next)
                case "x", "u", "U":
                    let width = next == "x" ? 2 : (next == "u" ? 4 : 8)
                    guard index + width <= characters.count,
                        let value = UInt32(String(characters[index..<index + width]), radix: 16),
                        let scalar = Unicode.Scalar(value)
                    else { throw Unsupported(reason: "escape") }
                    text.unicodeScalars.append(scalar)
                    index += width
                default:
                    text.append("\\"); text.append(next)
                }
                continue
            }
            text.append(character)
            index += 1
        }
        throw Unsupported(reason: "unterminated string")
    }
}
