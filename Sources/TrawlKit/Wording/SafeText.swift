import Foundation
import TrawlHTML
import TrawlText

/// What scraped text may carry into a page, a digest or a feed.
///
/// Escaping is the template's job (`{{ }}` escapes) or the writer's (`MarkupEscaper`); this
/// is the step before it: characters that have no business in published text are taken
/// out, and only web and mail addresses (`URLSchemes.publishable`) may become links.
enum SafeText {
    /// `text` without control characters (C0 but tab and newline, DEL, C1), bidi
    /// embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069, which can make
    /// text read backwards: "Trojan Source"), and the noncharacters U+FFFE and U+FFFF.
    static func clean(_ text: String) -> String {
        var copy = text
        guard !copy.withUTF8(isClean) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isUnwanted(scalar) { scalars.append(scalar) }
        return String(scalars)
    }

    /// `text` cleaned and on one line: runs of white space become one space, the ends trimmed.
    ///
    /// Scraped values left the HTML tree collapsed (`CollapsedText`), so for them this is
    /// two passes over the bytes that find nothing to do. The collapsing stays for what is
    /// not collapsed on its way here — configuration text (site and source names, titles),
    /// item ids, error messages and warnings, field names, values worded with the locale's
    /// spaces (U+202F in a time), a cache written by hand — and for the space cleaning leaves
    /// when it takes out a character between two. One line is what the digest's Markdown and
    /// the terminal's lines rely on, so it is not left to the scrape path.
    static func line(_ text: String) -> String {
        var copy = text
        if copy.withUTF8({ CollapsedText.isCollapsed($0) && isClean($0) }) { return text }
        return clean(text).collapsingWhitespace
    }

    private static func isUnwanted(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true
        case 0xFFFE, 0xFFFF: return true
        default: return false
        }
    }

    /// `url` as a link target when `URL.isPublishableLink` allows it, else nil.
    static func link(_ url: URL?) -> String? {
        guard let url, url.isPublishableLink else { return nil }
        let original = url.absoluteString
        // Printable ASCII without spaces (nearly every URL) needs no cleaning and has no white space.
        if original.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return original }
        let text = clean(original)
        // A URL that cleaning changed, or with white space in it, is not one to follow.
        guard text == original, !text.contains(where: \.isWhitespace) else { return nil }
        return text
    }

    /// An item's URL as a link target, as `link(_:)` has it, without making a `URL` of plain text.
    static func link(_ link: Item.Link?) -> String? {
        switch link {
        case .parsed(let url): return self.link(url)
        case .text(let text):
            // Plain text is printable ASCII with a scheme, so only the scheme is left to check.
            return URLSchemes.isPublishable(reference: text) ? text : nil
        case nil: return nil
        }
    }

    /// An item's URL when it is safe to link, as `link(_:)` has it.
    static func linkURL(_ link: Item.Link?) -> URL? {
        self.link(link).flatMap(URL.init(string:))
    }

    /// `text` cleaned and escaped for HTML text or a quoted attribute (the feeds' content,
    /// which code writes, not templates).
    static func html(_ text: String) -> String {
        MarkupEscaper.escaped(clean(text), as: .html)
    }
}

extension SafeText {
    /// Whether `clean` has nothing to take out of `utf8`: a pass over the bytes, without
    /// decoding scalars.
    static func isClean(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte < 0x80 {
                if (byte < 0x20 && byte != 0x09 && byte != 0x0A) || byte == 0x7F { return false }
            } else if unwantedLength(utf8, at: index) > 0 {
                return false
            }
            index += 1
        }
        return true
    }

    /// The length of the character `clean` takes out that starts at `index` (a lead byte),
    /// or 0: C1 controls, bidi embeddings, overrides and isolates, U+FFFE and U+FFFF.
    private static func unwantedLength(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        switch utf8[index] {
        case 0xC2:  // U+0080–U+009F
            return index + 1 < utf8.count && utf8[index + 1] <= 0x9F ? 2 : 0
        case 0xE2:  // U+202A–U+202E, U+2066–U+2069
            guard index + 2 < utf8.count else { return 0 }
            let (second, third) = (utf8[index + 1], utf8[index + 2])
            return (second == 0x80 && (0xAA...0xAE).contains(third))
                || (second == 0x81 && (0xA6...0xA9).contains(third))
                ? 3 : 0
        case 0xEF:  // U+FFFE, U+FFFF
            return index + 2 < utf8.count && utf8[index + 1] == 0xBF && utf8[index + 2] >= 0xBE ? 3 : 0
        default:
            return 0
        }
    }
}
