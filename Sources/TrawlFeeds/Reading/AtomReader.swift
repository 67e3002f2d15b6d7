import Foundation

/// Reads Atom 1.0 (RFC 4287) and Atom 0.3 into a `Feed`.
struct AtomReader {
    let context: ReadingContext

    private let atomNamespaces: [XMLNamespace]
    private let isAtom03: Bool

    /// - Parameter root: the `feed` element; a feed in an unknown namespace (an Atom draft's)
    ///   is read as Atom in that namespace, as feedparser does.
    init(context: ReadingContext, root: Element? = nil) {
        self.context = context
        var namespaces: [XMLNamespace] = [.atom10, .atom03, .none]
        if let root, root.namespace == .other { namespaces.append(.other) }
        atomNamespaces = namespaces
        isAtom03 =
            root.map {
                $0.namespace == .atom03 || ($0.namespace != .atom10 && $0.attribute("version")?.trimmed == "0.3")
            } ?? false
    }

    func read(_ root: Element) -> Feed {
        var feed = Feed(format: isAtom03 ? .atom03 : .atom10)
        var extensions = ExtensionReader(context: context)
        for child in root.children {
            guard atomNamespaces.contains(child.namespace) else {
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
            case "entry":
                if context.admitsEntry(after: feed.entries.count) { feed.entries.append(readEntry(child)) }
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
            guard atomNamespaces.contains(child.namespace) else {
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
                case "enclosure":
                    entry.enclosures.append(FeedEnclosure(url: link.href, type: link.type, length: link.length))
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
            case "source": entry.source = source(child)
            default: break
            }
        }
        if entry.published == nil { entry.published = created }
        extensions.finish(&entry)
        return entry
    }

    /// An entry's `source`: read like a feed, keeping the feed-level metadata.
    private func source(_ element: Element) -> FeedSource {
        let feed = read(element)
        return FeedSource(
            id: feed.id, title: feed.title, link: feed.link, links: feed.links, subtitle: feed.subtitle,
            rights: feed.rights,
            authors: feed.authors, contributors: feed.contributors, updated: feed.updated, categories: feed.categories,
            generator: feed.generator, icon: feed.icon, logo: feed.image?.url)
    }

    // MARK: Constructs

    /// A link (RFC 4287 §4.2.7); `rel` defaults to `alternate`.
    func link(_ element: Element) -> FeedLink? {
        // Atom 0.3 feeds in the wild put the address in the text.
        guard let href = context.url(element.attribute("href") ?? context.text(of: element), at: element) else {
            return nil
        }
        let rel = element.attribute("rel")?.trimmed
        return FeedLink(
            href: href, rel: rel.flatMap { $0.isEmpty ? nil : $0 } ?? "alternate",
            type: element.attribute("type")?.trimmed,
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
            case "uri", "url", "homepage": person.uri = context.url(context.text(of: child), at: child)
            default: break
            }
        }
        if person == FeedPerson(), let name = context.trimmedText(of: element) { person.name = name }
        return person == FeedPerson() ? nil : person
    }

    private func category(_ element: Element) -> FeedCategory? {
        // Atom 0.3 and some RSS-minded feeds put the term in the text.
        guard let term = element.attribute("term")?.trimmed ?? context.trimmedText(of: element), !term.isEmpty else {
            return nil
        }
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
        let isXML = declared.hasSuffix("+xml") || declared.hasSuffix("/xml")
        if mode == "base64" || (mode == nil && !isAtom03 && Self.isBase64(type, declared: declared, isXML: isXML)) {
            // RFC 4287 §4.1.3.3: content of any other media type is Base64.
            let encoded = context.text(of: element).filter { !$0.isWhitespace }
            value = Data(base64Encoded: encoded).map { String(decoding: $0, as: UTF8.self) } ?? ""
        } else if element.hasElementChildren && (type == .xhtml || isXML || (isAtom03 && mode != "escaped")) {
            let children = element.children
            if !isAtom03, children.count == 1, children[0].name == "div" {
                value = context.innerXML(of: children[0])
            } else {
                value = context.innerXML(of: element)
            }
        } else {
            value = context.text(of: element)
        }
        let trimmed = value.trimmed
        let resolvedType: FeedTextType =
            (type == .text && isAtom03 && element.hasElementChildren && mode != "escaped") ? .xhtml : type
        let resolved =
            resolvedType == .html || resolvedType == .xhtml ? context.resolvingLinks(in: trimmed, at: element) : trimmed
        return FeedText(resolved, type: resolvedType, language: language)
    }

    private static func isBase64(_ type: FeedTextType, declared: String, isXML: Bool) -> Bool {
        guard case .other = type else { return false }
        return !isXML && !declared.hasPrefix("text/")
    }

    /// `atom:content` (§4.1.3): a text construct, or a pointer to content elsewhere (`src`).
    private func content(_ element: Element) -> FeedText? {
        if let source = element.attribute("src"), let url = context.url(source, at: element) {
            return FeedText(url.absoluteString, type: .other(element.attribute("type") ?? "application/octet-stream"))
        }
        return text(element)
    }
}
