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

    /// The field's value within `context` (an item's node, or a table cell), or nil when absent.
    mutating func value(of rule: FieldRule, in context: Node) throws -> Value? {
        var texts = try texts(of: rule, in: context).filter { !$0.isEmpty }
        if !rule.many { texts = Array(texts.prefix(1)) }
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
    /// replacements. White space is collapsed once: an element's text where it leaves the
    /// tree (`Node.text`), an attribute's value (kept as written) here.
    private func texts(of rule: FieldRule, in context: Node) throws -> [String] {
        let nodes: [Node]
        switch rule.locator {
        case nil: nodes = [context]
        case .css(let css): nodes = Array(try context.select(css))
        case .xpath(let xpath):
            switch try context.evaluateXPath(xpath) {
            case .nodes(let list): nodes = Array(list)
            // `string(h2)`, `count(li)`: the value is the text, as FreshRSS reads such a rule.
            case .value(let text): return text.isEmpty ? [] : [edited(text, rule).collapsingWhitespace]
            }
        case .json: nodes = []
        }
        if let attr = rule.attr {
            return nodes.compactMap { node in node.attr(attr).map { edited($0, rule).collapsingWhitespace } }
        }
        // A strip or a replacement may leave two spaces where it cut: only then collapse again.
        guard rule.strip.contains(where: { !$0.isEmpty }) || !rule.replace.isEmpty else { return nodes.map(\.text) }
        return nodes.map { edited($0.text, rule).collapsingWhitespace }
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
