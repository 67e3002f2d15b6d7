import Foundation
import TrawlText

/// Makes the relative URLs inside HTML content absolute (`href`, `src` and their kin),
/// so an entry's content still links right when shown away from its feed.
///
/// A scan of the tags' attributes, not a parse: everything else in the HTML is left
/// byte for byte as the feed wrote it.
enum HTMLLinkResolver {
    /// Attributes that hold a URL (HTML 4.01 §B, HTML Living Standard).
    private static let urlAttributes: Set<String> = [
        "href", "src", "poster", "cite", "action", "background", "longdesc",
    ]

    static func resolvingLinks(in html: String, against base: URL) -> String {
        guard html.utf8.contains(UInt8(ascii: "=")), html.utf8.contains(UInt8(ascii: "<")) else { return html }
        let scalars = Array(html.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        var changed = false
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "<", index + 1 < scalars.count, scalars[index + 1].properties.isAlphabetic else {
                out.append(scalar)
                index += 1
                continue
            }
            // Inside a start tag: copy its name, then each attribute, rewriting URL values.
            while index < scalars.count, scalars[index] != ">", !isSpace(scalars[index]) {
                out.append(scalars[index])
                index += 1
            }
            while index < scalars.count, scalars[index] != ">" {
                let start = index
                while index < scalars.count, isSpace(scalars[index]) || scalars[index] == "/" { index += 1 }
                let nameStart = index
                while index < scalars.count, !isSpace(scalars[index]), !"=>/".unicodeScalars.contains(scalars[index]) {
                    index += 1
                }
                let name = String(String.UnicodeScalarView(scalars[nameStart..<index])).lowercased()
                out.append(contentsOf: scalars[start..<index])
                guard index < scalars.count, scalars[index] == "=" else {
                    if index == nameStart, index < scalars.count, scalars[index] != ">" {
                        out.append(scalars[index])
                        index += 1
                    }
                    continue
                }
                out.append(scalars[index])
                index += 1
                let quote: Unicode.Scalar? =
                    index < scalars.count && (scalars[index] == "\"" || scalars[index] == "'") ? scalars[index] : nil
                if let quote {
                    out.append(quote)
                    index += 1
                }
                let valueStart = index
                while index < scalars.count,
                    quote.map({ scalars[index] != $0 }) ?? (!isSpace(scalars[index]) && scalars[index] != ">")
                {
                    index += 1
                }
                let value = String(String.UnicodeScalarView(scalars[valueStart..<index]))
                if urlAttributes.contains(name), let resolved = resolve(value, against: base) {
                    out.append(contentsOf: resolved.unicodeScalars)
                    changed = true
                } else {
                    out.append(contentsOf: scalars[valueStart..<index])
                }
                if let quote, index < scalars.count, scalars[index] == quote {
                    out.append(quote)
                    index += 1
                }
            }
        }
        return changed ? String(out) : html
    }

    /// The absolute form of a relative reference; nil for an absolute URL, a bare fragment
    /// or anything that does not parse, which stay as written.
    private static func resolve(_ value: String, against base: URL) -> String? {
        let trimmed = value.trimmed
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), let url = URL(string: trimmed), url.scheme == nil,
            let absolute = URL(reference: trimmed, relativeTo: base)?.absoluteString
        else { return nil }
        return absolute
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{C}"
    }
}
