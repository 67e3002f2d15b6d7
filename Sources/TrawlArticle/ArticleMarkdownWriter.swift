import TrawlHTML

/// The article as CommonMark with GitHub's tables and strikethrough, so cmark-gfm (the
/// site's `MarkdownRenderer`) reads back the structure the HTML had: headings, paragraphs,
/// emphasis, links, images, lists, quotes, code and simple tables. Text is escaped so
/// nothing in it turns into markup.
public enum ArticleMarkdownWriter {
    /// Nesting past this is written as plain text: the writer recurses, and stays shallow.
    static let maximumDepth = 48

    /// `# Title`, then the article's body.
    public static func markdown(_ article: Article) -> String {
        var blocks: [String] = []
        if let title = article.title { blocks.append("# " + escape(title)) }
        let body = markdown(html: article.html)
        if !body.isEmpty { blocks.append(body) }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// Markdown for a fragment of sanitised HTML (`Article.html`).
    public static func markdown(html: String) -> String {
        let document = Document.parseHTML("<html><body>" + html + "</body></html>")
        guard let body = document.root?.children.first(where: { $0.tag == "body" }) else { return "" }
        return blocks(of: body, depth: 0).joined(separator: "\n\n")
    }

    /// The blocks among a node's children: runs of inline content become paragraphs.
    static func blocks(of node: Node, depth: Int) -> [String] {
        var blocks: [String] = []
        var inline = ""
        func closeParagraph() {
            let text = inline.trimmingLineEnds()
            if !text.isEmpty { blocks.append(text) }
            inline = ""
        }
        for child in node.childNodes {
            if child.isText || !isBlock(child.tag) {
                inline += self.inline(child, depth: depth + 1)
            } else {
                closeParagraph()
                let block = self.block(child, depth: depth + 1)
                if !block.isEmpty { blocks.append(block) }
            }
        }
        closeParagraph()
        return blocks
    }

    static let blockTags: Set<String> = [
        "p", "div", "section", "article", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "ul", "ol", "li",
        "table", "hr", "figure", "figcaption", "dl", "dt", "dd", "details", "summary", "address", "caption", "math",
    ]

    static func isBlock(_ tag: String) -> Bool { blockTags.contains(tag) }

    static func block(_ node: Node, depth: Int) -> String {
        if depth > maximumDepth { return escape(node.text) }
        switch node.tag {
        case "h1", "h2", "h3", "h4", "h5", "h6":
            let level = max(2, Int(String(node.tag.dropFirst())) ?? 2)
            let text = inlineText(node, depth: depth).replacingOccurrences(of: "\n", with: " ")
            return text.isEmpty ? "" : String(repeating: "#", count: level) + " " + text
        case "p", "figcaption", "dt", "summary", "caption", "address":
            return inlineText(node, depth: depth)
        case "hr":
            return "* * *"
        case "pre":
            return codeBlock(node)
        case "blockquote":
            return blocks(of: node, depth: depth).joined(separator: "\n\n").prefixingLines(with: "> ")
        case "ul", "ol":
            return list(node, ordered: node.tag == "ol", depth: depth)
        case "table":
            return ArticleMarkdownTable.markdown(node) ?? blocks(of: node, depth: depth).joined(separator: "\n\n")
        case "math":
            return escape(node.text)
        default:
            return blocks(of: node, depth: depth).joined(separator: "\n\n")
        }
    }

    static func list(_ node: Node, ordered: Bool, depth: Int) -> String {
        var number = Int(node.attr("start") ?? "") ?? 1
        var items: [String] = []
        for item in node.children where item.tag == "li" {
            let marker = ordered ? "\(number). " : "- "
            number += 1
            let content = blocks(of: item, depth: depth + 1).joined(separator: "\n\n")
            let indent = String(repeating: " ", count: marker.count)
            let lines = content.split(separator: "\n", omittingEmptySubsequences: false)
            let body = lines.enumerated().map { index, line in
                index == 0 ? marker + line : (line.isEmpty ? "" : indent + line)
            }
            items.append(body.isEmpty ? marker.trimmingTrailingSpace() : body.joined(separator: "\n"))
        }
        return items.joined(separator: "\n")
    }

    /// A fenced code block, the fence longer than any run of backticks inside.
    static func codeBlock(_ node: Node) -> String {
        // Indentation is the code's own: only blank lines at the ends go.
        var lines = node.rawText.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingTrailingSpace()
        }
        while lines.first?.allSatisfy(\.isWhitespace) == true { lines.removeFirst() }
        while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
        let code = lines.joined(separator: "\n")
        let fence = String(repeating: "`", count: max(3, longestRun(of: "`", in: code) + 1))
        let language =
            (node.children.first { $0.tag == "code" }?.attr("class") ?? "")
            .split(separator: " ").first { $0.hasPrefix("language-") }
            .map { String($0.dropFirst("language-".count)) } ?? ""
        return fence + language + "\n" + code + "\n" + fence
    }

    static func inlineText(_ node: Node, depth: Int) -> String {
        node.childNodes.map { inline($0, depth: depth + 1) }.joined().trimmingLineEnds()
    }

    static func inline(_ node: Node, depth: Int) -> String {
        if node.isText { return escape(node.textContent.collapsingSpace) }
        if depth > maximumDepth { return escape(node.text) }
        let inner = { node.childNodes.map { inline($0, depth: depth + 1) }.joined() }
        switch node.tag {
        case "br": return "\\\n"
        case "strong", "b": return wrap(inner(), in: "**")
        case "em", "i", "cite", "dfn", "var": return wrap(inner(), in: "*")
        case "del", "s": return wrap(inner(), in: "~~")
        case "code", "kbd", "samp": return codeSpan(node.rawText)
        case "a":
            let text = inner()
            guard let href = node.attr("href"), !href.isEmpty else { return text }
            return "[" + (text.isEmpty ? escape(href) : text) + "](" + destination(href) + ")"
        case "img":
            guard let src = node.attr("src") else { return "" }
            return "![" + escape(node.attr("alt") ?? "") + "](" + destination(src) + ")"
        default:
            if isBlock(node.tag) { return " " + blocks(of: node, depth: depth).joined(separator: " ") + " " }
            return inner()
        }
    }

    /// Emphasis around the text's words, its outer spaces kept outside (CommonMark's
    /// delimiters must touch the text).
    static func wrap(_ text: String, in marker: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return text }
        let leading = text.prefix { $0.isWhitespace }
        let trailing = String(text.reversed().prefix { $0.isWhitespace })
        return leading + marker + trimmed + marker + trailing
    }

    static func codeSpan(_ code: String) -> String {
        let flat = code.replacingOccurrences(of: "\n", with: " ")
        let ticks = String(repeating: "`", count: longestRun(of: "`", in: flat) + 1)
        let pad = flat.hasPrefix("`") || flat.hasSuffix("`") ? " " : ""
        return ticks + pad + flat + pad + ticks
    }

    /// A link destination: in angle brackets when it holds spaces or parentheses.
    static func destination(_ url: String) -> String {
        if url.contains(where: { " ()<>".contains($0) }) {
            return "<" + url.replacingOccurrences(of: "<", with: "%3C").replacingOccurrences(of: ">", with: "%3E") + ">"
        }
        return url
    }

    static func longestRun(of character: Character, in text: String) -> Int {
        var longest = 0
        var current = 0
        for each in text {
            current = each == character ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }

    /// Text with every character that could start markup backslash-escaped (CommonMark
    /// §2.4: any ASCII punctuation may be).
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.count)
        var previous: Character = " "
        for character in text {
            // `&` only where it could start an entity reference.
            if previous == "&", character.isLetter || character == "#" {
                escaped.insert("\\", at: escaped.index(before: escaped.endIndex))
            }
            if "\\`*_[]<>#!|~".contains(character) { escaped.append("\\") }
            escaped.append(character)
            previous = character
        }
        // A line that starts like a list item or a rule stays a paragraph.
        if let first = escaped.first, "-+=".contains(first) { escaped.insert("\\", at: escaped.startIndex) }
        if let dot = escaped.firstIndex(where: { !$0.isNumber }), dot != escaped.startIndex,
            escaped[dot] == "." || escaped[dot] == ")"
        {
            escaped.insert("\\", at: dot)
        }
        return escaped
    }
}

extension String {
    var collapsingSpace: String {
        var result = ""
        var lastWasSpace = false
        for character in self {
            if character.isWhitespace {
                if !lastWasSpace { result.append(" ") }
                lastWasSpace = true
            } else {
                result.append(character)
                lastWasSpace = false
            }
        }
        return result
    }

    /// Each line trimmed of spaces at its ends; blank lines at the ends dropped.
    func trimmingLineEnds() -> String {
        split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func trimmingTrailingSpace() -> String {
        Substring(self).trimmingTrailingSpace()
    }

    func prefixingLines(with prefix: String) -> String {
        split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? prefix.trimmingTrailingSpace() : prefix + $0 }.joined(separator: "\n")
    }
}

extension Substring {
    func trimmingTrailingSpace() -> String {
        String(reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
