import CLibXML2

/// The elements whose edges part words in text as a person reads it: `<br>`, and the
/// blocks, list items and table cells a browser lays out on lines of their own (HTML
/// Standard §15.3, `display: block`; `innerText` starts a line there). Collapsed, that line
/// is one space: `<a>Midnight<br>Complete</a>` reads "Midnight Complete", never as one word.
package enum TextBreak {
    /// The elements, by their lower-case names.
    package static let tags: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "dd", "details", "div", "dl", "dt", "fieldset",
        "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li",
        "main", "nav", "ol", "p", "pre", "section", "summary", "table", "td", "th", "tr", "ul",
    ]

    /// `tags` of at most eight bytes, each packed into an integer: an element's name is looked
    /// up without making a `String` of it.
    private static let packed: Set<UInt64> = Set(tags.filter { $0.utf8.count <= 8 }.map { pack($0.utf8) })

    /// Whether `name`, an element's name as the HTML parser wrote it (lower case), is in `tags`.
    static func isBreak(_ name: UnsafePointer<xmlChar>) -> Bool {
        var key: UInt64 = 0
        for index in 0..<8 {
            let byte = name[index]
            if byte == 0 { return packed.contains(key) }
            key = key << 8 | UInt64(byte)
        }
        return name[8] == 0 ? packed.contains(key) : tags.contains(String(cString: name))
    }

    private static func pack(_ bytes: some Sequence<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }
}
