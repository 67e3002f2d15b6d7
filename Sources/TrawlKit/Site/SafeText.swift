import Foundation
import TrawlHTML

/// What scraped text may carry into a page, a digest or a feed.
///
/// Escaping is the template's job (`{{ }}` escapes) or the writer's; this is the step
/// before it: characters that have no business in published text are taken out, and
/// only web and mail addresses may become links.
enum SafeText {
    /// `text` without control characters (C0 but tab and newline, DEL, C1), bidi
    /// embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069, which can make
    /// text read backwards: "Trojan Source"), and the noncharacters U+FFFE and U+FFFF.
    static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnwanted) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isUnwanted(scalar) { scalars.append(scalar) }
        return String(scalars)
    }

    /// `text` cleaned and on one line: runs of white space become one space.
    static func line(_ text: String) -> String {
        if isPlainLine(text) { return text }
        return clean(text).collapsingWhitespace
    }

    /// Printable ASCII with single spaces between words: most scraped text, kept as it is
    /// without a walk through its characters.
    private static func isPlainLine(_ text: String) -> Bool {
        var previous: UInt8 = 0x20
        for byte in text.utf8 {
            if byte == 0x20 {
                if previous == 0x20 { return false }
            } else if byte < 0x21 || byte > 0x7E {
                return false
            }
            previous = byte
        }
        return previous != 0x20 || text.isEmpty
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

    /// The schemes that may become a link; `javascript:`, `data:`, `file:` and the rest never do.
    static let linkSchemes: Set<String> = ["http", "https", "mailto"]

    /// `url` as a link target when its scheme is one of `linkSchemes`, else nil.
    static func link(_ url: URL?) -> String? {
        guard let url, let scheme = url.scheme?.lowercased(), linkSchemes.contains(scheme) else { return nil }
        let original = url.absoluteString
        // Printable ASCII without spaces (nearly every URL) needs no cleaning and has no white space.
        if original.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return original }
        let text = clean(original)
        // A URL that cleaning changed, or with white space in it, is not one to follow.
        guard text == original, !text.contains(where: \.isWhitespace) else { return nil }
        return text
    }

    /// `url` when it is safe to link (see `link(_:)`).
    static func linkURL(_ url: URL?) -> URL? {
        link(url).flatMap(URL.init(string:))
    }
}

extension SafeText {
    /// `text` cleaned and escaped for HTML text or a quoted attribute (the feeds' content,
    /// which code writes, not templates).
    static func html(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in clean(text) {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
