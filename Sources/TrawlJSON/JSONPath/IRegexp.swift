/// Translates an I-Regexp (RFC 9485) into the ICU dialect of `NSRegularExpression`, or
/// finds it is not one.
///
/// I-Regexp is a small, portable subset: branches, pieces with `*`, `+`, `?` and `{n,m}`,
/// groups, `.`, character class expressions, single-character escapes and `\p{..}` /
/// `\P{..}` with the general categories. What differs from ICU is written out: `.` is any
/// character but line feed and carriage return (§5.3), `^` and `$` are plain characters,
/// and every literal outside letters and digits is written as `\x{..}`, so no ICU
/// operator (`&&` in a class, `#`, `\Q`) can come in through the text.
struct IRegexp {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var output = ""
    private var depth = 0

    /// The ICU pattern for `pattern`, or nil when `pattern` is not an I-Regexp.
    static func translate(_ pattern: String) -> String? {
        var translator = IRegexp(scalars: Array(pattern.unicodeScalars))
        guard translator.regexp(), translator.index == translator.scalars.count else { return nil }
        return translator.output
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard peek == scalar else { return false }
        index += 1
        return true
    }

    /// `i-regexp = branch *( "|" branch )`
    private mutating func regexp() -> Bool {
        depth += 1
        defer { depth -= 1 }
        guard depth <= 64, branch() else { return false }
        while take("|") {
            output += "|"
            guard branch() else { return false }
        }
        return true
    }

    private mutating func branch() -> Bool {
        while let scalar = peek, scalar != "|", scalar != ")" {
            guard atom(), quantifier() else { return false }
        }
        return true
    }

    private mutating func quantifier() -> Bool {
        guard let scalar = peek else { return true }
        switch scalar {
        case "*", "+", "?":
            index += 1
            output.unicodeScalars.append(scalar)
        case "{":
            index += 1
            guard let low = digits() else { return false }
            var text = "{\(low)"
            if take(",") {
                text += ","
                if let high = digits() {
                    guard (Int(high) ?? 0) >= (Int(low) ?? 0) else { return false }
                    text += high
                }
            }
            guard take("}") else { return false }
            output += text + "}"
        default: break
        }
        return true
    }

    private mutating func digits() -> String? {
        var text = ""
        while let scalar = peek, ("0"..."9").contains(scalar) {
            text.unicodeScalars.append(scalar)
            index += 1
        }
        return text.isEmpty || text.count > 6 ? nil : text
    }

    private mutating func atom() -> Bool {
        guard let scalar = peek else { return false }
        index += 1
        switch scalar {
        case "(":
            output += "(?:"
            guard regexp(), take(")") else { return false }
            output += ")"
            return true
        case ".":
            output += "[^\\n\\r]"
            return true
        case "[": return classExpression()
        case "\\":
            guard let escaped = escape() else { return false }
            output += escaped
            return true
        case ")", "*", "+", "?", "{", "}", "]", "|": return false
        case "^":
            output += "\\A"
            return true
        case "$":
            output += "\\z"
            return true
        default:
            output += Self.literal(scalar)
            return true
        }
    }

    /// After `\`: a single-character escape or a category escape, as ICU text.
    private mutating func escape() -> String? {
        guard let scalar = peek else { return nil }
        index += 1
        switch scalar {
        case "n": return "\\n"
        case "r": return "\\r"
        case "t": return "\\t"
        case "(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}": return Self.literal(scalar)
        case "p", "P":
            guard take("{"), let category = category(), take("}") else { return nil }
            return "\\\(scalar){\(category)}"
        default: return nil
        }
    }

    /// `IsCategory`: a general category's letter and optionally its second letter.
    private mutating func category() -> String? {
        let allowed: [Unicode.Scalar: String] = [
            "L": "lmotu", "M": "cen", "N": "dlo", "P": "cdefios", "Z": "lps", "S": "ckmo", "C": "cfno",
        ]
        guard let major = peek, let minors = allowed[major] else { return nil }
        index += 1
        var text = String(major)
        if let minor = peek, minors.unicodeScalars.contains(minor) {
            index += 1
            text.unicodeScalars.append(minor)
        }
        return text
    }

    /// After `[`: `[^]?` then `-` or an item, more items, an optional final `-`, and `]`.
    private mutating func classExpression() -> Bool {
        output += "["
        if take("^") { output += "^" }
        var first = true
        while true {
            guard let scalar = peek else { return false }
            if scalar == "]", !first {
                index += 1
                output += "]"
                return true
            }
            if scalar == "-" {
                // A hyphen is literal only first or last (`[-a]`, `[a-]`).
                index += 1
                guard first || peek == "]" else { return false }
                output += Self.literal("-")
                first = false
                continue
            }
            guard classItem() else { return false }
            first = false
        }
    }

    private mutating func classItem() -> Bool {
        if peek == "\\", let next = scalars.dropFirst(index + 1).first, next == "p" || next == "P" {
            index += 1
            guard let escaped = escape() else { return false }
            output += escaped
            return true
        }
        guard let low = classCharacter() else { return false }
        // A range `a-z`, unless the hyphen closes the class (`[a-]`).
        if peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
            index += 1
            guard let high = classCharacter(), high.value >= low.value else { return false }
            output += Self.literal(low) + "-" + Self.literal(high)
            return true
        }
        output += Self.literal(low)
        return true
    }

    /// `CCchar`: any character but `[`, `\`, `]` and `-`, or a single-character escape.
    private mutating func classCharacter() -> Unicode.Scalar? {
        guard let scalar = peek else { return nil }
        index += 1
        switch scalar {
        case "[", "]", "-": return nil
        case "\\":
            guard let escaped = peek else { return nil }
            index += 1
            switch escaped {
            case "n": return "\n"
            case "r": return "\r"
            case "t": return "\t"
            case "(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}": return escaped
            default: return nil
            }
        default: return scalar
        }
    }

    /// A character as ICU reads it literally, in a class or out of one.
    private static func literal(_ scalar: Unicode.Scalar) -> String {
        if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) {
            return String(scalar)
        }
        return "\\x{" + String(scalar.value, radix: 16) + "}"
    }
}
