import CLibXML2
import Foundation
import TrawlText

/// What a reader carries through one document: its URL, warnings, and the budget that
/// bounds how much text entity references may expand to.
final class ReadingContext {
    let documentURL: URL?
    var warnings: [FeedWarning] = []
    private(set) var expandedCharacters = 0
    let expansionLimit: Int
    private(set) var expansionExceeded = false
    /// The most entries read (`FeedParser.Options.maxEntries`), and how many were past it.
    let maxEntries: Int
    private(set) var entriesLeftOut = 0

    init(documentURL: URL?, expansionLimit: Int, maxEntries: Int = .max) {
        self.documentURL = documentURL
        self.expansionLimit = expansionLimit
        self.maxEntries = maxEntries
    }

    /// Whether one more entry is read after `count`; one that is not is counted.
    func admitsEntry(after count: Int) -> Bool {
        guard count >= maxEntries else { return true }
        entriesLeftOut += 1
        return false
    }

    func warn(_ message: String, at element: Element? = nil) {
        warnings.append(FeedWarning(line: element?.line, message))
    }

    // MARK: Text

    /// The text of an element and its descendants, entity references expanded within the budget.
    func text(of element: Element) -> String {
        var out = ""
        appendText(of: element.node.pointee.children, depth: 0, into: &out)
        return out
    }

    /// The text, trimmed; nil when empty.
    func trimmedText(of element: Element) -> String? {
        let value = text(of: element).trimmed
        return value.isEmpty ? nil : value
    }

    private func appendText(of first: xmlNodePtr?, depth: Int, into out: inout String) {
        var child = first
        while let node = child {
            switch node.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = node.pointee.content { out += String(cString: content) }
            case XML_ELEMENT_NODE:
                appendText(of: node.pointee.children, depth: depth, into: &out)
            case XML_ENTITY_REF_NODE:
                expand(node, depth: depth, into: &out)
            default:
                break
            }
            child = node.pointee.next
        }
    }

    /// Expands an internal entity's text. Each expansion is charged to the budget, so a
    /// "billion laughs" document stops after `expansionLimit` characters instead of
    /// exhausting memory; external entities are never loaded.
    private func expand(_ reference: xmlNodePtr, depth: Int, into out: inout String) {
        guard !expansionExceeded, depth < 16, let name = reference.pointee.name,
            let entity = xmlGetDocEntity(reference.pointee.doc, name),
            entity.pointee.etype == XML_INTERNAL_GENERAL_ENTITY
        else { return }
        var expanded = ""
        if let children = entity.pointee.children {
            appendText(of: children, depth: depth + 1, into: &expanded)
        } else if let content = entity.pointee.content {
            expanded = String(cString: content)
        }
        expandedCharacters += expanded.utf8.count
        if expandedCharacters > expansionLimit {
            expansionExceeded = true
            return
        }
        out += expanded
    }

    /// The children of an XHTML construct's `div`, serialised as markup (RFC 4287 §3.1.1.3).
    func innerXML(of element: Element) -> String {
        guard let buffer = xmlBufferCreate() else { return text(of: element) }
        defer { xmlBufferFree(buffer) }
        var child = element.node.pointee.children
        while let node = child {
            xmlNodeDump(buffer, node.pointee.doc, node, 0, 0)
            child = node.pointee.next
        }
        guard let content = xmlBufferContent(buffer) else { return "" }
        // The XHTML namespace is implied in HTML content; its declaration is noise there.
        let markup = String(cString: content)
        guard markup.utf8.contains(UInt8(ascii: "=")) else { return markup }
        return markup.replacingOccurrences(of: " xmlns=\"http://www.w3.org/1999/xhtml\"", with: "")
    }

    // MARK: URLs

    /// The base URL in effect at an element: its `xml:base` attributes, innermost last,
    /// resolved against the document's own URL (XML Base §4.2).
    func base(of element: Element) -> URL? {
        var bases: [String] = []
        var current: Element? = element
        while let node = current {
            if let base = node.attribute("base", namespace: .xml) { bases.append(base) }
            current = node.parent
        }
        var url = documentURL
        for base in bases.reversed() {
            url = resolve(base, against: url) ?? url
        }
        return url
    }

    /// A URL as written in the feed, made absolute against the element's base.
    func url(_ text: String?, at element: Element) -> URL? {
        guard let text = text?.trimmed, !text.isEmpty else { return nil }
        return resolve(text, against: base(of: element))
    }

    /// HTML content with its relative links made absolute against the element's base.
    func resolvingLinks(in html: String, at element: Element) -> String {
        guard html.utf8.contains(UInt8(ascii: "=")), let base = base(of: element) else { return html }
        return HTMLLinkResolver.resolvingLinks(in: html, against: base)
    }

    func resolve(_ text: String, against base: URL?) -> URL? {
        let cleaned = text.trimmed
        guard !cleaned.isEmpty else { return base }
        return URL(reference: cleaned, relativeTo: base)
    }

    // MARK: Values

    func date(of element: Element) -> Date? {
        guard let text = trimmedText(of: element) else { return nil }
        if let date = FeedDate.parse(text) { return date }
        warn("unparsable date in <\(element.qualifiedName)>: \"\(text)\"", at: element)
        return nil
    }

    func integer(_ text: String?) -> Int? {
        guard let text = text?.trimmed, !text.isEmpty else { return nil }
        return Int(text) ?? Double(text).flatMap { $0.isFinite && abs($0) < 1e15 ? Int($0) : nil }
    }
}
