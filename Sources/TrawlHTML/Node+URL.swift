import CLibXML2
import Foundation

extension Document {
    /// The first `base` element with an `href` in the document, in tree order, resolved
    /// against `url` (HTML Standard §4.2.3, "document base URL"): a `base` outside the
    /// `head` counts too, as browsers honour it.
    static func baseURL(of pointer: xmlDocPtr, url: URL?) -> URL? {
        guard let href = firstBaseHref(pointer) else { return url }
        let value = href.trimmingCharacters(in: .whitespacesAndNewlines)
        return URL(string: value, relativeTo: url)?.absoluteURL ?? url
    }

    /// The `href` of the first `base` element that has one: a walk of the elements in tree
    /// order on libxml2's pointers, which stops at the first.
    private static func firstBaseHref(_ pointer: xmlDocPtr) -> String? {
        var node = pointer.pointee.children
        while let current = node {
            if current.pointee.type == XML_ELEMENT_NODE {
                if isBase(current), let href = xmlGetNoNsProp(current, "href") {
                    defer { trawl_xml_free(href) }
                    return String(cString: href)
                }
                if let child = current.pointee.children {
                    node = child
                    continue
                }
            }
            // The next sibling of this node or of its nearest ancestor that has one.
            node = nil
            var climbing: xmlNodePtr? = current
            while let at = climbing {
                if let next = at.pointee.next {
                    node = next
                    break
                }
                guard let parent = at.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { break }
                climbing = parent
            }
        }
        return nil
    }

    /// Whether the element is called `base` (libxml2 lower-cases HTML names), read on its bytes.
    private static func isBase(_ element: xmlNodePtr) -> Bool {
        guard let name = element.pointee.name else { return false }
        return name[0] == 0x62 && name[1] == 0x61 && name[2] == 0x73 && name[3] == 0x65 && name[4] == 0
    }
}

extension Node {
    /// The attribute `name` as an absolute URL, resolved against the document's base URL;
    /// nil when the attribute is missing or is no URL.
    ///
    /// ```swift
    /// let link = try row.select("a").first?.url("href")
    /// ```
    public func url(_ name: String) -> URL? {
        guard let value = attr(name) else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let base = document.baseURL else { return URL(string: trimmed) }
        return URL(string: trimmed, relativeTo: base)?.absoluteURL
    }
}

extension NodeList {
    /// The attribute `name` of the first node that has it, as an absolute URL.
    public func url(_ name: String) -> URL? {
        nodes.lazy.compactMap { $0.url(name) }.first
    }
}
