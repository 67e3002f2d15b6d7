import Foundation

/// Reads Atom 1.0 (RFC 4287) and Atom 0.3 into a `Feed`.
struct AtomReader {
    let context: ReadingContext

    private static let atomNamespaces: [XMLNamespace] = [.atom10, .atom03, .none]

    func read(_ root: Element) -> Feed {
        let isAtom03 = root.namespace == .atom03 || (root.namespace == .none && root.attribute("version")?.trimmed == "0.3")
        var feed = Feed(format: isAtom03 ? .atom03 : .atom10)
        var extensions = ExtensionReader(context: context)
        for child in root.children {
            guard Self.atomNamespaces.contains(child.namespace) else {
                extensions.readChannelElement(child, into: &feed)
                continue
            }
            switch child.name {
            case "title":
                if feed.title == nil, let title = text(child) {
                    feed.title = title.value
                    feed.titleType = title.type
                }
            case "subtitle", "tagline": feed.subtitle = feed.subtitle ?? text(child)
            case "id": feed.id = context.trimmedText(of: child)
            case "updated", "modified": feed.updated = context.date(of: child)
            case "published", "issued": feed.published = context.date(of: child)
            case "link":
                if let link = link(child) {
                    feed.links.append(link)
                    if link.rel == "alternate", feed.link == nil { feed.link = link.href }
                }
            case "author": if let person = person(child) { feed.authors.append(person) }
            case "contributor": if let person = person(child) { feed.contributors.append(person) }
            case "category": if let category = category(child) { feed.categories.append(category) }
            case "generator":
                if let name = context.trimmedText(of: child) {
                    feed.generator = FeedGenerator(
                        name: name, uri: context.url(child.attribute("uri") ?? child.attribute("url"), at: child),
                        version: child.attribute("version"))
                }
            case "icon": feed.icon = context.url(context.text(of: child), at: child)
            case "logo":
                if let url = context.url(context.text(of: child), at: child) { feed.image = FeedImage(url: url) }
            case "rights", "copyright": feed.rights = text(child)?.value
            case "entry": feed.entries.append(readEntry(child))
            default: break
            }
        }
        extensions.finish(&feed)
        if feed.language == nil, let language = root.attribute("lang", namespace: .xml)?.trimmed, !language.isEmpty {
            feed.language = language
        }
        return feed
    }

    private func readEntry(_ element: Element) -> FeedEntry {
        var entry = FeedEntry()
        var extensions = ExtensionReader(context: context)
        var created: Date?
        for child in element.children {
            guard Self.atomNamespaces.contains(child.namespace) else {
                extensions.readItemElement(child, into: &entry)
                continue
            }
            switch child.name {
            case "id": entry.id = context.trimmedText(of: child)
            case "title":
                if entry.title == nil, let title = text(child) {
                    entry.title = title.value
                    entry.titleType = title.type
                }
            case "link":
                guard let link = link(child) else { break }
                entry.links.append(link)
                switch link.rel {
                case "alternate" where entry.link == nil: entry.link = link.href
                case "enclosure": entry.enclosures.append(FeedEnclosure(url: link.href, type: link.type, length: link.length))
                default: break
                }
            case "summary": entry.summary = text(child)
            case "content": entry.content = content(child)
            case "author": if let person = person(child) { entry.authors.append(person) }
            case "contributor": if let person = person(child) { entry.contributors.append(person) }
            case "published", "issued": entry.published = context.date(of: child)
            case "updated", "modified": entry.updated = context.date(of: child)
            case "created": created = context.date(of: child)
            case "category": if let category = category(child) { entry.categories.append(category) }
            case "rights", "copyright": entry.rights = text(child)?.value
            default: break
            }
        }
        if entry.published == nil { entry.published = created }
        extensions.finish(&entry)
        return entry
    }

    // MARK: Constructs

    /// A link (RFC 4287 §4.2.7); `rel` defaults to `alternate`.
    func link(_ element: Element) -> FeedLink? {
        guard let href = context.url(element.attribute("href"), at: element) else { return nil }
        let rel = element.attribute("rel")?.trimmed
        return FeedLink(
            href: href, rel: (rel?.isEmpty ?? true) ? "alternate" : rel!, type: element.attribute("type")?.trimmed,
            title: element.attribute("title"), length: context.integer(element.attribute("length")),
            hreflang: element.attribute("hreflang"))
    }

    /// A person construct (§3.2); Atom 0.3's `url` is 1.0's `uri`.
    private func person(_ element: Element) -> FeedPerson? {
        var person = FeedPerson()
        for child in element.children {
            switch child.name {
            case "name": person.name = context.trimmedText(of: child)
            case "email": person.email = context.trimmedText(of: child)
            case "uri", "url": person.uri = context.url(context.text(of: child), at: child)
            default: break
            }
        }
        if person == FeedPerson(), let name = context.trimmedText(of: element) { person.name = name }
        return person == FeedPerson() ? nil : person
    }

    private func category(_ element: Element) -> FeedCategory? {
        // Atom 0.3 and some RSS-minded feeds put the term in the text.
        guard let term = element.attribute("term")?.trimmed ?? context.trimmedText(of: element), !term.isEmpty else { return nil }
        return FeedCategory(term: term, scheme: element.attribute("scheme"), label: element.attribute("label"))
    }

    /// A text construct (§3.1): plain text, HTML (unescaped once by XML), or XHTML (the
    /// `div`'s children as markup). Atom 0.3's `mode="escaped"` and `mode="base64"` too.
    func text(_ element: Element) -> FeedText? {
        let declared = element.attribute("type")?.trimmed.lowercased() ?? "text"
        let language = element.attribute("lang", namespace: .xml)
        let mode = element.attribute("mode")?.trimmed.lowercased()
        let value: String
        let type: FeedTextType
        switch declared {
        case "text", "text/plain", "":
            type = .text
        case "html", "text/html":
            type = .html
        case "xhtml", "application/xhtml+xml":
            type = .xhtml
        default:
            type = .other(declared)
        }
        if mode == "base64" {
            let encoded = context.text(of: element).filter { !$0.isWhitespace }
            value = Data(base64Encoded: encoded).map { String(decoding: $0, as: UTF8.self) } ?? ""
        } else if mode != "escaped", element.hasElementChildren {
            // XHTML, or Atom 0.3 inline XML: markup, without the wrapping div.
            let children = element.children
            if children.count == 1, children[0].name == "div", children[0].namespace == .xhtml || children[0].namespace == .none {
                value = context.innerXML(of: children[0])
            } else {
                value = context.innerXML(of: element)
            }
        } else {
            value = context.text(of: element)
        }
        let trimmed = value.trimmed
        let resolvedType: FeedTextType = (type == .text && element.hasElementChildren && mode != "escaped") ? .xhtml : type
        return FeedText(trimmed, type: resolvedType, language: language)
    }

    /// `atom:content` (§4.1.3): a text construct, or a pointer to content elsewhere (`src`).
    private func content(_ element: Element) -> FeedText? {
        if let source = element.attribute("src"), let url = context.url(source, at: element) {
            return FeedText(url.absoluteString, type: .other(element.attribute("type") ?? "application/octet-stream"))
        }
        return text(element)
    }
}
