/// A piece of template source: text, a tag, or the start of a line.
enum Token {
    /// Literal text; a line's text ends with its line break, so `endsLine` marks it.
    case text(String, endsLine: Bool)
    /// A `{{…}}` tag.
    case tag(Tag)
    /// The start of a line that is kept in the output, with the line's leading blanks.
    ///
    /// A standalone partial or block indents its lines here (spec: partials,
    /// `~inheritance`), so the lexer marks them once instead of the renderer searching
    /// text for line breaks.
    case lineStart(indentation: String)
}

/// A tag as read from source, before the parser nests sections.
struct Tag {
    enum Kind: Equatable {
        case variable(escaped: Bool)
        case section
        case invertedSection
        case close
        case partial
        case parent
        case block
        case comment
        case setDelimiters
    }

    var kind: Kind
    /// The tag's content without its sigil and padding: the name, usually.
    var content: String
    var location: SourceLocation
    /// Byte offsets of the whole tag, delimiters included, in the source.
    var range: Range<Int>
    /// The delimiters that opened this tag; a section lambda's result is parsed with them.
    var delimiters: Delimiters
    /// Whether the tag stood alone on its line, which the lexer then removed.
    var isStandalone = false
    /// Blanks before the tag when nothing else precedes it on its line.
    var indentation = ""

    /// Whether the tag renders nothing itself, so it may stand alone on a line.
    var canStandAlone: Bool {
        if case .variable = kind { return false }
        return true
    }

    /// Whether the tag opens something a close tag ends.
    var opensSection: Bool {
        [.section, .invertedSection, .parent, .block].contains(kind)
    }
}
