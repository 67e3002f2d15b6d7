import Foundation
import TrawlText

/// The allowlist the article's HTML passes: text structure, links, images, tables and code,
/// each with only the attributes that carry meaning. Anything else is unwrapped (its text
/// kept) or, for what is never text, already gone (`ContentTreeBuilder.dropped`). No
/// script, style, event handler, form or frame survives, links are only `http`, `https`
/// or `mailto`, and images only those or `data:image/…`; every address is made absolute.
struct ArticleSanitizer {
    let base: URL?

    /// Elements kept, each with the attributes it may keep (`lang`, `dir` and `title` on any).
    static let allowed: [String: Set<String>] = [
        "p": [], "br": [], "hr": [], "h2": [], "h3": [], "h4": [], "h5": [], "h6": [], "blockquote": ["cite"],
        "pre": [], "code": ["class"], "em": [], "strong": [], "b": [], "i": [], "u": [], "s": [], "del": [],
        "ins": [], "sub": [], "sup": [], "small": [], "mark": [], "q": ["cite"], "cite": [], "abbr": [], "dfn": [],
        "kbd": [], "samp": [], "var": [], "time": ["datetime"], "a": ["href"],
        "img": ["src", "alt", "width", "height"],
        "figure": [], "figcaption": [], "ul": [], "ol": ["start", "reversed", "type"], "li": ["value"], "dl": [],
        "dt": [], "dd": [], "table": [], "caption": [], "thead": [], "tbody": [], "tfoot": [], "tr": [],
        "td": ["colspan", "rowspan", "headers"], "th": ["colspan", "rowspan", "headers", "scope"], "colgroup": ["span"],
        "col": ["span"], "div": [], "section": [], "article": [], "details": [], "summary": [], "address": [],
        // MathML's presentation markup: formulas as markup, nothing active.
        "math": ["display"], "mrow": [], "mi": ["mathvariant"], "mn": [], "mo": ["stretchy", "fence"], "ms": [],
        "mtext": [], "mspace": ["width"], "msup": [], "msub": [], "msubsup": [], "mfrac": ["linethickness"],
        "msqrt": [], "mroot": [], "munder": [], "mover": ["accent"], "munderover": [], "mtable": [], "mtr": [],
        "mtd": [], "mstyle": ["displaystyle", "scriptlevel"], "semantics": [], "mpadded": [], "mphantom": [],
        "menclose": ["notation"], "mfenced": ["open", "close", "separators"],
    ]
    /// Renamed on the way: the page's one title is the article's, so its `h1`s step down.
    static let renamed = ["h1": "h2", "main": "div", "header": "div", "center": "div"]
    static let anywhere: Set<String> = ["lang", "dir", "title"]

    /// The element's markup, children only (the element itself is the article's wrapper).
    func html(of root: ContentNode) -> String {
        var bytes: [UInt8] = []
        // An explicit stack of (node, closing) steps: no recursion on deep content.
        var stack: [(ContentNode, Bool)] = root.children.reversed().map { ($0, false) }
        while let (node, closing) = stack.popLast() {
            if node.isText {
                MarkupEscaper.append(node.text, to: &bytes)
                continue
            }
            let tag = Self.renamed[node.tag] ?? node.tag
            guard let kept = Self.allowed[tag] else {
                stack.append(contentsOf: node.children.reversed().map { ($0, false) })
                continue
            }
            if closing {
                bytes += Array("</\(tag)>".utf8)
                continue
            }
            if tag == "img" {
                guard let source = imageSource(node) else { continue }
                node.setAttr("src", source)
            }
            if tag == "a", let href = node.attr("href"), link(href) == nil {
                // A link that may not be published keeps its text, as plain text.
                stack.append(contentsOf: node.children.reversed().map { ($0, false) })
                continue
            }
            bytes += Array("<\(tag)".utf8)
            for (name, value) in node.attributes where kept.contains(name) || Self.anywhere.contains(name) {
                guard let written = attribute(name, value, of: tag) else { continue }
                bytes += Array(" \(name)=\"".utf8)
                MarkupEscaper.append(written, to: &bytes)
                bytes.append(UInt8(ascii: "\""))
            }
            bytes.append(UInt8(ascii: ">"))
            guard !HTMLTags.void.contains(tag) else { continue }
            stack.append((node, true))
            stack.append(contentsOf: node.children.reversed().map { ($0, false) })
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func attribute(_ name: String, _ value: String, of tag: String) -> String? {
        switch name {
        case "href": return link(value)
        case "src": return value
        case "cite": return link(value)
        case "class":
            return value.split(separator: " ").filter { $0.hasPrefix("language-") }.joined(separator: " ").nonEmpty
        default: return value
        }
    }

    /// An absolute `http`, `https` or `mailto` address; in-page anchors stay as they are.
    func link(_ value: String) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("#") { return trimmed }
        guard let url = URL(string: trimmed, relativeTo: base)?.absoluteURL, url.isPublishableLink else { return nil }
        return url.absoluteString
    }

    /// The image's address: `src`, or where lazy loading put the real one (`data-src` and
    /// the like, or the first of a `srcset`) when `src` is missing or a placeholder.
    func imageSource(_ image: ContentNode) -> String? {
        var candidates: [String] = []
        if let src = image.attr("src"), !src.isEmpty, !Self.isPlaceholder(src) { candidates.append(src) }
        for (name, value) in image.attributes where name.hasPrefix("data-") && !value.isEmpty {
            if name.hasSuffix("srcset") {
                if let first = value.split(separator: ",").first?.split(separator: " ").first {
                    candidates.append(String(first))
                }
            } else if name.hasSuffix("src") || name.hasSuffix("original") || name.hasSuffix("url") {
                candidates.append(value)
            }
        }
        if let srcset = image.attr("srcset"),
            let first = srcset.split(separator: ",").first?.split(separator: " ").first
        {
            candidates.append(String(first))
        }
        if let src = image.attr("src"), Self.isPlaceholder(src) { candidates.append(src) }
        for candidate in candidates {
            let trimmed = candidate.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.lowercased().hasPrefix("data:") {
                if trimmed.lowercased().hasPrefix("data:image/"), !trimmed.lowercased().hasPrefix("data:image/svg") {
                    return trimmed
                }
                continue
            }
            if let url = URL(string: trimmed, relativeTo: base)?.absoluteURL, url.isWebAddress {
                return url.absoluteString
            }
        }
        return nil
    }

    /// A tiny inline image standing in until a script loads the real one.
    static func isPlaceholder(_ src: String) -> Bool {
        src.lowercased().hasPrefix("data:") && src.count < 200
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
