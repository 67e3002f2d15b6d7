import CLibXML2

/// A language range of `:lang()`, matched by RFC 4647 §3.3.2 extended filtering, as
/// Selectors Level 4 §9.3 asks: `de-DE` matches `de-Latn-DE`, `*-DE` matches `fr-DE`.
struct LanguageRange {
    let subtags: [Substring]

    init(_ range: String) {
        subtags = range.asciiLowercased.split(separator: "-", omittingEmptySubsequences: false).map { $0 }
    }

    func matches(_ tag: String) -> Bool {
        let tagSubtags = tag.asciiLowercased.split(separator: "-", omittingEmptySubsequences: false)
        // An empty range matches only an explicitly empty (unknown) language.
        if subtags == [""] { return tag.isEmpty }
        guard !tag.isEmpty, let first = subtags.first else { return false }
        if first != "*" && first != tagSubtags[0] { return false }
        var rangeIndex = 1
        var tagIndex = 1
        while rangeIndex < subtags.count {
            let range = subtags[rangeIndex]
            if range == "*" {
                rangeIndex += 1
            } else if tagIndex >= tagSubtags.count {
                return false
            } else if range == tagSubtags[tagIndex] {
                rangeIndex += 1
                tagIndex += 1
            } else if tagSubtags[tagIndex].count == 1 {
                return false  // a singleton ends what an implicit wildcard may skip
            } else {
                tagIndex += 1
            }
        }
        return true
    }

    /// The element's language: the nearest `lang` (`xml:lang` in XML) on it or an ancestor,
    /// else in HTML the `<meta http-equiv="content-language">` of the document; nil when unknown.
    static func language(of node: xmlNodePtr) -> String? {
        let isHTML = node.pointee.doc?.pointee.type == XML_HTML_DOCUMENT_NODE
        var current: xmlNodePtr? = node
        while let element = current, element.pointee.type == XML_ELEMENT_NODE {
            if !isHTML, let value = xmlGetNsProp(element, "lang", "http://www.w3.org/XML/1998/namespace") {
                defer { trawl_xml_free(value) }
                return String(cString: value)
            }
            if let value = xmlGetNoNsProp(element, "lang") {
                defer { trawl_xml_free(value) }
                return String(cString: value)
            }
            current = element.pointee.parent
        }
        return isHTML ? node.pointee.doc.flatMap(metaLanguage) : nil
    }

    /// `<meta http-equiv="content-language" content="…">` in the `head`.
    private static func metaLanguage(_ document: xmlDocPtr) -> String? {
        guard let root = xmlDocGetRootElement(document) else { return nil }
        for head in elements(in: root) where name(head) == "head" {
            for meta in elements(in: head) where name(meta) == "meta" {
                guard let equiv = xmlGetNoNsProp(meta, "http-equiv") else { continue }
                let isLanguage = String(cString: equiv).asciiLowercased == "content-language"
                trawl_xml_free(equiv)
                if isLanguage, let content = xmlGetNoNsProp(meta, "content") {
                    defer { trawl_xml_free(content) }
                    return String(cString: content)
                }
            }
        }
        return nil
    }

    private static func elements(in parent: xmlNodePtr) -> [xmlNodePtr] {
        var result: [xmlNodePtr] = []
        var child = parent.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { result.append(current) }
            child = current.pointee.next
        }
        return result
    }

    private static func name(_ node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }
}
