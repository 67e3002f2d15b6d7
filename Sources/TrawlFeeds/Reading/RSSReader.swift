import Foundation

/// Reads RSS 0.90–2.0 (`<rss><channel>`) and RSS 1.0 / 0.90 (`<rdf:RDF>`, where items are
/// the channel's siblings) into a `Feed`.
struct RSSReader {
    let context: ReadingContext

    private let rssNamespaces: [XMLNamespace]

    /// - Parameter root: the document element; an `rss` element in a namespace of its own
    ///   (an RSS 2.x draft's) is read with its children in that namespace.
    init(context: ReadingContext, root: Element) {
        self.context = context
        var namespaces: [XMLNamespace] = [.none, .rss10, .rss090, .rss09x]
        if root.namespace == .other { namespaces.append(.other) }
        rssNamespaces = namespaces
    }

    func read(_ root: Element) -> Feed {
        let isRDF = root.name.lowercased() == "rdf"
        let channel: Element
        if root.name == "channel" {
            channel = root
        } else if let found = root.children.first(where: { $0.name == "channel" }) {
            channel = found
        } else {
            // feedparser reads an empty feed here; say what is missing and go on.
            context.warn("no <channel> in <\(root.qualifiedName)>", at: root)
            channel = root
        }
        var feed = Feed(format: format(of: root, channel: channel))
        readChannel(channel, into: &feed)
        // RDF keeps image, items and textinput beside the channel; RSS 0.9x inside it,
        // and some feeds put items after the channel even so.
        var itemParents = [channel]
        if (isRDF || root.name == "rss") && channel.node != root.node { itemParents.append(root) }
        for parent in itemParents {
            for child in parent.children where rssNamespaces.contains(child.namespace) {
                switch child.name {
                case "item":
                    if context.admitsEntry(after: feed.entries.count) { feed.entries.append(readItem(child)) }
                case "image" where parent.node != channel.node && feed.image == nil: feed.image = readImage(child)
                default: continue
                }
            }
        }
        return feed
    }

    private func format(of root: Element, channel: Element) -> FeedFormat {
        switch root.namespace {
        case .rss10: return .rss10
        case .rss090: return .rss090
        default: break
        }
        if root.name.lowercased() == "rdf" {
            let isRSS090 = channel.namespace == .rss090 || root.declaredNamespaces.contains(.rss090)
            return isRSS090 ? .rss090 : .rss10
        }
        switch root.attribute("version")?.trimmed {
        case "0.91": return .rss091
        case "0.92": return .rss092
        case "0.93": return .rss093
        case "0.94": return .rss094
        case "0.90": return .rss090
        default: return .rss20
        }
    }

    private func readChannel(_ channel: Element, into feed: inout Feed) {
        var extensions = ExtensionReader(context: context)
        for child in channel.children {
            if rssNamespaces.contains(child.namespace) {
                readChannelElement(child, into: &feed)
            } else {
                extensions.readChannelElement(child, into: &feed)
            }
        }
        extensions.finish(&feed)
    }

    private func readChannelElement(_ child: Element, into feed: inout Feed) {
        switch child.name {
        case "title": feed.title = feed.title ?? context.trimmedText(of: child)
        case "link":
            if let url = context.url(context.text(of: child), at: child) {
                if feed.link == nil { feed.link = url }
                feed.links.append(FeedLink(href: url))
            }
        case "description":
            if feed.subtitle == nil, let html = markup(child) { feed.subtitle = FeedText(html, type: .html) }
        case "language": feed.language = context.trimmedText(of: child)
        case "copyright": feed.rights = context.trimmedText(of: child)
        case "managingEditor", "author":
            if feed.authors.isEmpty, let person = FeedPerson(rssAuthor: context.text(of: child)) {
                feed.authors.append(person)
            }
        case "webMaster":
            feed.publisher = FeedPerson(rssAuthor: context.text(of: child))
        case "ttl":
            feed.timeToLive = context.integer(context.text(of: child))
        case "pubDate": feed.published = context.date(of: child)
        case "lastBuildDate": feed.updated = context.date(of: child)
        case "category":
            if let term = context.trimmedText(of: child) {
                feed.categories.append(FeedCategory(term: term, scheme: child.attribute("domain")))
            }
        case "generator":
            if let name = context.trimmedText(of: child) { feed.generator = FeedGenerator(name: name) }
        case "image": feed.image = feed.image ?? readImage(child)
        case "item": break
        default: break
        }
    }

    /// An HTML field's value: its text, or, when a feed writes the markup unescaped
    /// (`<description><p>…</p></description>`), that markup.
    private func markup(_ element: Element) -> String? {
        let value = element.hasElementChildren ? context.innerXML(of: element) : context.text(of: element)
        let trimmed = value.trimmed
        return trimmed.isEmpty ? nil : context.resolvingLinks(in: trimmed, at: element)
    }

    private func readImage(_ image: Element) -> FeedImage? {
        var url: URL?, title: String?, link: URL?, width: Int?, height: Int?
        for child in image.children {
            switch child.name {
            case "url": url = context.url(context.text(of: child), at: child)
            case "title": title = context.trimmedText(of: child)
            case "link": link = context.url(context.text(of: child), at: child)
            case "width": width = context.integer(context.text(of: child))
            case "height": height = context.integer(context.text(of: child))
            default: break
            }
        }
        if url == nil { url = context.url(image.attribute("resource", namespace: .rdf), at: image) }
        guard let url else { return nil }
        return FeedImage(url: url, title: title, link: link, width: width, height: height)
    }

    private func readItem(_ item: Element) -> FeedEntry {
        var entry = FeedEntry()
        var extensions = ExtensionReader(context: context)
        var guidIsPermalink = false
        for child in item.children {
            if child.namespace == .xhtml, child.name == "body" {
                entry.content = FeedText(context.innerXML(of: child).trimmed, type: .xhtml)
                continue
            }
            guard rssNamespaces.contains(child.namespace) else {
                extensions.readItemElement(child, into: &entry)
                continue
            }
            switch child.name {
            case "title": entry.title = entry.title ?? context.trimmedText(of: child)
            case "link":
                if let url = context.url(context.text(of: child), at: child) {
                    if entry.link == nil { entry.link = url }
                    entry.links.append(FeedLink(href: url))
                }
            case "description":
                if let html = markup(child) { entry.summary = FeedText(html, type: .html) }
            case "author":
                if let person = FeedPerson(rssAuthor: context.text(of: child)) { entry.authors.append(person) }
            case "category":
                if let term = context.trimmedText(of: child) {
                    entry.categories.append(FeedCategory(term: term, scheme: child.attribute("domain")))
                }
            case "comments": entry.comments = context.url(context.text(of: child), at: child)
            case "enclosure":
                if let url = context.url(child.attribute("url"), at: child) {
                    let enclosure = FeedEnclosure(
                        url: url, type: child.attribute("type")?.trimmed,
                        length: context.integer(child.attribute("length")))
                    entry.enclosures.append(enclosure)
                    entry.links.append(
                        FeedLink(href: url, rel: "enclosure", type: enclosure.type, length: enclosure.length))
                } else {
                    context.warn("<enclosure> without a url", at: child)
                }
            case "guid":
                entry.id = context.trimmedText(of: child)
                guidIsPermalink = child.attribute("isPermaLink")?.trimmed.lowercased() != "false"
            case "pubDate": entry.published = context.date(of: child)
            case "source":
                let title = context.trimmedText(of: child)
                let url = context.url(child.attribute("url"), at: child)
                if title != nil || url != nil {
                    entry.source = FeedSource(title: title, link: url, links: url.map { [FeedLink(href: $0)] } ?? [])
                }
            case "fullitem":
                if let html = markup(child) { entry.content = FeedText(html, type: .html) }
            default: break
            }
        }
        if entry.id == nil, let about = item.attribute("about", namespace: .rdf)?.trimmed, !about.isEmpty {
            entry.id = about
        }
        // A permalink guid is the item's link when it has none (RSS 2.0, "guid").
        if entry.link == nil, guidIsPermalink, let id = entry.id, id.contains("://"),
            let url = context.url(id, at: item)
        {
            entry.link = url
            entry.links.append(FeedLink(href: url))
        }
        extensions.finish(&entry)
        return entry
    }
}
