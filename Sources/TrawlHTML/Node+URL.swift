import CLibXML2
import Foundation

extension Document {
    /// The first `<base href>` in the `head` (HTML Standard §4.2.3), resolved against `url`.
    static func baseURL(of pointer: xmlDocPtr, url: URL?) -> URL? {
        guard let root = xmlDocGetRootElement(pointer) else { return url }
        var child = root.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE, HTMLTreeRepair.name(current) == "head" { break }
            child = current.pointee.next
        }
        var element = child?.pointee.children
        while let current = element {
            if current.pointee.type == XML_ELEMENT_NODE, HTMLTreeRepair.name(current) == "base",
                let href = xmlGetNoNsProp(current, "href")
            {
                defer { trawl_xml_free(href) }
                let value = String(cString: href).trimmingCharacters(in: .whitespacesAndNewlines)
                return URL(string: value, relativeTo: url)?.absoluteURL ?? url
            }
            element = current.pointee.next
        }
        return url
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
