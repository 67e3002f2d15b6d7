extension SourceConfiguration {
    /// Why `id` cannot name a source's folder, page and feed, or nil when it can: letters,
    /// digits (with the marks some scripts write them with), `-` and `_`, and nothing
    /// invisible. Checked scalar by scalar, since a zero-width joiner or a direction mark
    /// joins the letter before it into one `Character` that still reads as a letter.
    static func idProblem(_ id: String) -> String? {
        let rule = "letters, digits, '-' or '_' (it names folders and URLs)"
        guard !id.isEmpty else { return "must not be empty: \(rule)" }
        for (offset, scalar) in id.unicodeScalars.enumerated() where !isIDScalar(scalar) {
            let code = "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
            let name = scalar.properties.name.map { " \($0)" } ?? ""
            let shown = id.unicodeScalars.count > 60 ? String(id.prefix(60)) + "…" : id
            return "'\(shown)' must be \(rule): character \(offset + 1) is \(description(of: scalar)) (\(code)\(name))"
        }
        return nil
    }

    private static func description(of scalar: Unicode.Scalar) -> String {
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator: return "a space"
        case .format, .control: return "invisible"
        default: return scalar.properties.isDefaultIgnorableCodePoint ? "invisible" : "not allowed here"
        }
    }

    private static func isIDScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "-" || scalar == "_" { return true }
        // Variation selectors, the grapheme joiner, Hangul fillers: marks and letters no one sees.
        if scalar.properties.isDefaultIgnorableCodePoint { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
