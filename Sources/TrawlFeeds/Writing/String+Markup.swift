import TrawlText

extension String {
    /// The string made safe for XML character data or a double-quoted attribute value:
    /// `&`, `<`, `>` and `"` escaped, the characters XML 1.0 forbids dropped
    /// (`MarkupEscaper`'s `.xml`).
    var xmlEscaped: String { MarkupEscaper.escaped(self, as: .xml) }

    /// The string without the characters XML 1.0 forbids (§2.2).
    var xmlCharactersOnly: String {
        guard !unicodeScalars.allSatisfy(\.isXMLCharacter) else { return self }
        var result = ""
        result.unicodeScalars.append(contentsOf: unicodeScalars.filter(\.isXMLCharacter))
        return result
    }

    /// True when the text holds something a reader would take for HTML: a tag (`<b`, `</`,
    /// `<!`, `<?`) or an entity or character reference (`&amp;`, `&#38;`). A lone `<` or `&`
    /// in prose is not markup.
    var looksLikeMarkup: Bool {
        let scalars = Array(unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar == "<" || scalar == "&" {
            guard index + 1 < scalars.count else { continue }
            let next = scalars[index + 1]
            if scalar == "<" {
                if next.properties.isAlphabetic || next == "/" || next == "!" || next == "?" { return true }
            } else {
                var end = index + 1
                if scalars[end] == "#" { end += 1 }
                let start = end
                while end < scalars.count, scalars[end].properties.isAlphabetic || ("0"..."9").contains(scalars[end]) {
                    end += 1
                }
                if end > start, end < scalars.count, scalars[end] == ";" { return true }
            }
        }
        return false
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

extension String {
    /// The text without leading and trailing whitespace and newlines.
    ///
    /// Written over Unicode scalars rather than with `trimmingCharacters(in:)`, which goes
    /// through NSString and UTF-16 and dominated the parser's profile.
    var trimmed: String {
        // Most values need no trimming: say so from the first and last bytes.
        if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80 {
            return self
        }
        return self[...].trimmed
    }
}

extension Substring {
    /// The text without leading and trailing whitespace and newlines.
    var trimmed: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        var last = scalars.index(before: scalars.endIndex)
        while scalars[last].properties.isWhitespace { last = scalars.index(before: last) }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
