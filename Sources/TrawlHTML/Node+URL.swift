import CLibXML2
import Foundation
import TrawlText

extension Document {
    /// The URL relative links resolve against: the first `base` element with an `href` in
    /// the document, in tree order, resolved against `url` (HTML Standard §4.2.3, "document
    /// base URL"); else `url`. A `base` outside the `head` counts too, as browsers honour it.
    /// Worked out once, when first asked, from the element index the selectors share.
    public var baseURL: URL? {
        guard isHTML else { return url }
        return baseLock.withLock {
            if let cachedBaseURL { return cachedBaseURL }
            let found = Self.baseURL(among: elementIndex?.elements(named: "base") ?? [], url: url)
            cachedBaseURL = .some(found)
            return found
        }
    }

    /// The first of `elements` (in tree order) with an `href`, resolved against `url`.
    private static func baseURL(among elements: [xmlNodePtr], url: URL?) -> URL? {
        for element in elements {
            guard let href = xmlGetNoNsProp(element, "href") else { continue }
            defer { trawl_xml_free(href) }
            let value = String(cString: href).trimmingCharacters(in: .whitespacesAndNewlines)
            return URL(reference: value, relativeTo: url) ?? url
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
        return URL(reference: trimmed, relativeTo: document.baseURL)
    }
}

extension NodeList {
    /// The attribute `name` of the first node that has it, as an absolute URL.
    public func url(_ name: String) -> URL? {
        nodes.lazy.compactMap { $0.url(name) }.first
    }
}
