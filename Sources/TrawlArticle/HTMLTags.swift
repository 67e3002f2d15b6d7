/// The kinds of element the extractor tells apart.
enum HTMLTags {
    /// Text-level elements: a `div` holding only these reads as a paragraph.
    static let phrasing: Set<String> = [
        "#text", "a", "abbr", "b", "bdi", "bdo", "br", "cite", "code", "data", "dfn", "em", "i", "img", "kbd", "mark",
        "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "wbr", "del", "ins", "font",
        "strike", "big", "tt", "label", "picture", "abbr", "acronym", "center", "nobr",
    ]
    /// Elements whose text the scorer counts as a paragraph.
    static let scored: Set<String> = ["p", "pre", "td", "section", "h2", "h3", "h4", "h5", "h6"]
    static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]
    /// Elements whose text stands on its own line in plain text.
    static let blocks: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "dd", "details", "div", "dl", "dt", "fieldset",
        "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main",
        "ol", "p", "pre", "section", "summary", "table", "tbody", "thead", "tfoot", "tr", "td", "th", "ul", "caption",
    ]
    /// Void elements: written without an end tag.
    static let void: Set<String> = ["br", "hr", "img", "wbr", "col", "source"]
}
