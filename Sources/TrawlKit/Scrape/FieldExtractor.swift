import Foundation
import TrawlHTML

/// Reads one field of one item from the page, cleans the text, and types it.
struct FieldExtractor {
    let parser: ValueParser
    /// Problems that did not stop the scrape (a date that would not parse, say).
    private(set) var warnings: [String] = []
    /// Per field, the values that would not type: a field failing on most items is a warning.
    private(set) var unparsed: [String: ScrapeResult.UnparsedValues] = [:]
    /// Links from a site's root on a local page with no `base`: they cannot resolve.
    private(set) var rootRelativeLinksOnLocalFile: [String] = []

    init(parser: ValueParser) {
        self.parser = parser
    }

    /// What a field's locator selects within an item (or a table cell).
    enum Selection {
        case nodes([Node])
        /// What an XPath of another type than nodes gives (`string(h2)`, `count(li)`), as text.
        case text(String)
    }

    /// The field's value within `context` (an item's node, or a table cell), or nil when absent.
    mutating func value(of rule: FieldRule, in context: Node) throws -> Value? {
        value(of: rule, from: try selection(of: rule, in: context))
    }

    /// What the rule's locator selects within `context`; `selector` is its CSS selector
    /// compiled already (`FieldPlan`), else it is looked up.
    func selection(of rule: FieldRule, selector: CompiledSelector? = nil, in context: Node) throws -> Selection {
        switch rule.locator {
        case nil: return .nodes([context])
        case .css(let css): return .nodes(try (selector.map { try context.select($0) } ?? context.select(css)).nodes)
        case .xpath(let xpath):
            switch try context.evaluateXPath(xpath) {
            case .nodes(let list): return .nodes(list.nodes)
            case .value(let text): return .text(text)
            }
        case .json: return .nodes([])
        }
    }

    /// The field's value from what its locator selected, or nil when absent.
    mutating func value(of rule: FieldRule, from selection: Selection) -> Value? {
        var texts = texts(of: rule, from: selection)
        if texts.isEmpty, let fallback = rule.defaultValue { texts = [fallback] }
        let values = texts.compactMap { typed($0, rule) }
        if rule.many { return values.isEmpty ? nil : .list(values) }
        return values.first
    }

    /// `text` typed as the rule says; nil, warned of and counted, when it does not type.
    mutating func typed(_ text: String, _ rule: FieldRule) -> Value? {
        let value = parser.value(text, as: rule.type, format: rule.format, locale: rule.locale)
        if value == nil {
            if rule.type == .url, parser.isRootRelativeOnLocalFile(text) {
                rootRelativeLinksOnLocalFile.append(text)
                warnings.append(
                    "field '\(rule.name)': '\(ValueExcerpt(text))' needs the site's address (\"base\") to resolve")
            } else {
                let article = rule.type == .int ? "an" : "a"
                unparsable(text, rule, "'\(ValueExcerpt(text))' is not \(article) \(rule.type.rawValue)")
            }
        }
        return value
    }

    /// Warns that `text` (or what stands for it) would not type as the rule says, and counts it.
    mutating func unparsable(_ text: String, _ rule: FieldRule, _ problem: String) {
        warnings.append("field '\(rule.name)': \(problem)")
        let seen = unparsed[rule.name]
        unparsed[rule.name] = .init(count: (seen?.count ?? 0) + 1, first: seen?.first ?? text)
    }

    /// The field's texts as a reader would call them, after the rule's strips and
    /// replacements, the empty ones left out: every one for a `many` field, else the first
    /// (so the nodes after it are not read). White space is collapsed once: an element's text
    /// where it leaves the tree (`Node.text`), an attribute's value (kept as written) here.
    private func texts(of rule: FieldRule, from selection: Selection) -> [String] {
        let nodes: [Node]
        switch selection {
        case .nodes(let selected): nodes = selected
        case .text(let text):
            guard !text.isEmpty else { return [] }
            let edited = edited(text, rule).collapsingWhitespace
            return edited.isEmpty ? [] : [edited]
        }
        // A strip or a replacement may leave two spaces where it cut: only then collapse again.
        let edits = rule.strip.contains(where: { !$0.isEmpty }) || !rule.replace.isEmpty
        var texts: [String] = []
        for node in nodes {
            let text: String
            if let attr = rule.attr {
                guard let value = node.attr(attr) else { continue }
                text = edited(value, rule).collapsingWhitespace
            } else {
                text = edits ? edited(node.text, rule).collapsingWhitespace : node.text
            }
            guard !text.isEmpty else { continue }
            texts.append(text)
            if !rule.many { break }
        }
        return texts
    }

    /// The text without the rule's `strip` fragments, then with its replacements made.
    func edited(_ text: String, _ rule: FieldRule) -> String {
        var text = text
        for fragment in rule.strip where !fragment.isEmpty {
            text = text.removingEvery(fragment)
        }
        for replacement in rule.replace {
            text = text.replacingOccurrences(
                of: replacement.pattern, with: replacement.template, options: .regularExpression)
        }
        return text
    }
}

extension String {
    /// `self` without any occurrence of `fragment` (compared byte for byte as UTF-8);
    /// `self` itself when there is none.
    func removingEvery(_ fragment: String) -> String {
        var text = self
        var fragment = fragment
        return text.withUTF8 { bytes in
            fragment.withUTF8 { needle -> String? in
                guard let first = needle.first, needle.count <= bytes.count else { return nil }
                var kept: [UInt8] = []
                var index = 0
                var found = false
                while index < bytes.count {
                    if bytes[index] == first, index + needle.count <= bytes.count,
                        memcmp(bytes.baseAddress! + index, needle.baseAddress!, needle.count) == 0
                    {
                        if !found {
                            kept.reserveCapacity(bytes.count)
                            kept.append(contentsOf: bytes[0..<index])
                            found = true
                        }
                        index += needle.count
                        continue
                    }
                    if found { kept.append(bytes[index]) }
                    index += 1
                }
                return found ? String(decoding: kept, as: UTF8.self) : nil
            }
        } ?? self
    }
}
