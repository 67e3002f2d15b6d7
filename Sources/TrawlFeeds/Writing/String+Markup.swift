extension String {
    /// The string made safe for XML character data or a double-quoted attribute value:
    /// `&`, `<`, `>` and `"` escaped (so `]]>` can never end anything), and characters
    /// XML 1.0 forbids (§2.2: C0 controls other than tab, LF, CR; U+FFFE, U+FFFF) dropped.
    var xmlEscaped: String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                guard scalar.isXMLCharacter else { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The string as a JSON string literal, quotes included (RFC 8259 §7), with
    /// XML-invalid control characters dropped so JSON and Atom say the same thing.
    var jsonQuoted: String {
        var result = "\""
        result.reserveCapacity(utf8.count + 2)
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                guard scalar.isXMLCharacter else { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// True when the text holds something a reader would take for HTML markup or an entity.
    var looksLikeMarkup: Bool {
        contains("<") || contains("&")
    }
}

extension Unicode.Scalar {
    /// XML 1.0 `Char` (§2.2).
    var isXMLCharacter: Bool {
        switch value {
        case 0x9, 0xA, 0xD: true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace and newlines.
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
