import Foundation

/// Reads the namespaced elements feeds of any format carry: Dublin Core, `content:encoded`,
/// iTunes, Media RSS, the podcast namespace, and `atom:` elements inside RSS.
///
/// Values from extensions fill gaps and never override the format's own elements, so
/// `pubDate` wins over `dc:date` whichever comes first.
struct ExtensionReader {
    let context: ReadingContext
    private var dcDate: Date?
    private var dcModified: Date?
    private var creators: [FeedPerson] = []
    private var iTunesChannel = ITunesChannel()
    private var iTunesEpisode = ITunesEpisode()
    private var podcastChannel = PodcastChannel()
    private var podcastEpisode = PodcastEpisode()
    private var media: [FeedEnclosure] = []
    private var thumbnail: URL?
    private var mediaDescription: String?

    init(context: ReadingContext) {
        self.context = context
    }

    // MARK: Channel

    mutating func readChannelElement(_ element: Element, into feed: inout Feed) {
        switch element.namespace {
        case .dc, .dcterms:
            switch element.name {
            case "title": feed.title = feed.title ?? context.trimmedText(of: element)
            case "description", "abstract":
                if feed.subtitle == nil, let text = context.trimmedText(of: element) { feed.subtitle = FeedText(text) }
            case "language": feed.language = feed.language ?? context.trimmedText(of: element)
            case "rights": feed.rights = feed.rights ?? context.trimmedText(of: element)
            case "subject":
                if let term = context.trimmedText(of: element) { feed.categories.append(FeedCategory(term: term)) }
            case "date", "issued", "created": dcDate = dcDate ?? context.date(of: element)
            case "modified": dcModified = context.date(of: element)
            case "creator", "author":
                if let name = context.trimmedText(of: element) {
                    creators.append(FeedPerson(rssAuthor: name) ?? FeedPerson(name: name))
                }
            case "publisher":
                feed.publisher = feed.publisher ?? FeedPerson(rssAuthor: context.text(of: element))
            case "contributor":
                if let person = FeedPerson(rssAuthor: context.text(of: element)) { feed.contributors.append(person) }
            default: break
            }
        case .atom10, .atom03:
            switch element.name {
            case "link":
                if let link = AtomReader(context: context).link(element) {
                    feed.links.append(link)
                    if link.rel == "alternate", feed.link == nil { feed.link = link.href }
                }
            case "updated": feed.updated = feed.updated ?? context.date(of: element)
            default: break
            }
        case .iTunes:
            readITunes(element, into: &iTunesChannel)
        case .podcast:
            switch element.name {
            case "guid": podcastChannel.guid = context.trimmedText(of: element)
            case "locked": podcastChannel.locked = Self.boolean(context.text(of: element))
            case "funding":
                if let url = context.url(element.attribute("url"), at: element) {
                    podcastChannel.funding.append(
                        FeedLink(href: url, rel: "payment", title: context.trimmedText(of: element)))
                }
            default: break
            }
        default:
            break
        }
    }

    func finish(_ feed: inout Feed) {
        if feed.updated == nil { feed.updated = dcModified ?? dcDate }
        if feed.published == nil, dcModified != nil { feed.published = dcDate }
        if feed.authors.isEmpty { feed.authors = creators }
        if feed.authors.isEmpty, let author = iTunesChannel.author { feed.authors = [FeedPerson(name: author)] }
        if iTunesChannel != ITunesChannel() {
            feed.iTunes = iTunesChannel
            if feed.image == nil, let image = iTunesChannel.image { feed.image = FeedImage(url: image) }
            if feed.subtitle == nil, let summary = iTunesChannel.summary ?? iTunesChannel.subtitle {
                feed.subtitle = FeedText(summary)
            }
        }
        if podcastChannel != PodcastChannel() { feed.podcast = podcastChannel }
    }

    private func readITunes(_ element: Element, into channel: inout ITunesChannel) {
        switch element.name {
        case "author": channel.author = context.trimmedText(of: element)
        case "owner":
            let name = element.child("name", in: [.iTunes]).flatMap(context.trimmedText)
            let email = element.child("email", in: [.iTunes]).flatMap(context.trimmedText)
            if name != nil || email != nil { channel.owner = FeedPerson(name: name, email: email) }
        case "image":
            channel.image = context.url(element.attribute("href") ?? context.text(of: element), at: element)
        case "category":
            guard let name = element.attribute("text")?.trimmed, !name.isEmpty else { break }
            channel.categories.append(name)
            for sub in element.children where sub.name == "category" {
                if let subName = sub.attribute("text")?.trimmed, !subName.isEmpty {
                    channel.categories.append(name + "/" + subName)
                }
            }
        case "explicit": channel.explicit = Self.boolean(context.text(of: element))
        case "summary": channel.summary = context.trimmedText(of: element)
        case "subtitle": channel.subtitle = context.trimmedText(of: element)
        case "type": channel.type = context.trimmedText(of: element)
        case "keywords": channel.keywords = Self.keywords(context.text(of: element))
        case "block": channel.block = Self.boolean(context.text(of: element))
        case "complete": channel.complete = Self.boolean(context.text(of: element))
        case "new-feed-url": channel.newFeedURL = context.url(context.text(of: element), at: element)
        default: break
        }
    }

    // MARK: Item

    mutating func readItemElement(_ element: Element, into entry: inout FeedEntry) {
        switch element.namespace {
        case .content:
            if element.name == "encoded", let html = context.trimmedText(of: element) {
                entry.content = FeedText(context.resolvingLinks(in: html, at: element), type: .html)
            }
        case .dc, .dcterms:
            switch element.name {
            case "title": entry.title = entry.title ?? context.trimmedText(of: element)
            case "description", "abstract":
                if entry.summary == nil, let text = context.trimmedText(of: element) { entry.summary = FeedText(text) }
            case "identifier": entry.id = entry.id ?? context.trimmedText(of: element)
            case "rights": entry.rights = context.trimmedText(of: element)
            case "subject":
                if let term = context.trimmedText(of: element) { entry.categories.append(FeedCategory(term: term)) }
            case "date", "issued", "created": dcDate = dcDate ?? context.date(of: element)
            case "modified": dcModified = context.date(of: element)
            case "creator", "author":
                if let name = context.trimmedText(of: element) {
                    creators.append(FeedPerson(rssAuthor: name) ?? FeedPerson(name: name))
                }
            case "contributor":
                if let person = FeedPerson(rssAuthor: context.text(of: element)) { entry.contributors.append(person) }
            default: break
            }
        case .atom10, .atom03:
            switch element.name {
            case "link":
                if let link = AtomReader(context: context).link(element) {
                    entry.links.append(link)
                    if link.rel == "alternate", entry.link == nil { entry.link = link.href }
                }
            case "updated": entry.updated = entry.updated ?? context.date(of: element)
            case "published": entry.published = entry.published ?? context.date(of: element)
            case "id": entry.id = entry.id ?? context.trimmedText(of: element)
            default: break
            }
        case .iTunes:
            readITunes(element, into: &iTunesEpisode)
        case .media:
            readMedia(element)
        case .podcast:
            switch element.name {
            case "transcript":
                if let url = context.url(element.attribute("url"), at: element) {
                    podcastEpisode.transcripts.append(
                        FeedLink(
                            href: url, rel: element.attribute("rel") ?? "transcript", type: element.attribute("type"),
                            hreflang: element.attribute("language")))
                }
            case "chapters":
                if let url = context.url(element.attribute("url"), at: element) {
                    podcastEpisode.chapters = FeedLink(href: url, rel: "chapters", type: element.attribute("type"))
                }
            case "season": podcastEpisode.season = context.integer(context.text(of: element))
            case "episode": podcastEpisode.episode = Double(context.text(of: element).trimmed)
            default: break
            }
        default:
            break
        }
    }

    private func readITunes(_ element: Element, into episode: inout ITunesEpisode) {
        switch element.name {
        case "author": episode.author = context.trimmedText(of: element)
        case "duration": episode.duration = Self.duration(context.text(of: element))
        case "episode": episode.episode = context.integer(context.text(of: element))
        case "season": episode.season = context.integer(context.text(of: element))
        case "episodeType": episode.episodeType = context.trimmedText(of: element)
        case "explicit": episode.explicit = Self.boolean(context.text(of: element))
        case "image": episode.image = context.url(element.attribute("href") ?? context.text(of: element), at: element)
        case "title": episode.title = context.trimmedText(of: element)
        case "subtitle": episode.subtitle = context.trimmedText(of: element)
        case "summary": episode.summary = context.trimmedText(of: element)
        case "keywords": episode.keywords = Self.keywords(context.text(of: element))
        case "block": episode.block = Self.boolean(context.text(of: element))
        default: break
        }
    }

    private mutating func readMedia(_ element: Element) {
        switch element.name {
        case "group":
            for child in element.children where child.namespace == .media { readMedia(child) }
        case "content":
            guard let url = context.url(element.attribute("url"), at: element) else { break }
            var type = element.attribute("type")?.trimmed
            if type == nil, let medium = element.attribute("medium")?.trimmed { type = medium }
            media.append(
                FeedEnclosure(
                    url: url, type: type, length: context.integer(element.attribute("fileSize")),
                    duration: element.attribute("duration").flatMap { Double($0.trimmed) }))
            for child in element.children where child.namespace == .media { readMedia(child) }
        case "thumbnail":
            if thumbnail == nil { thumbnail = context.url(element.attribute("url"), at: element) }
        case "description":
            mediaDescription = mediaDescription ?? context.trimmedText(of: element)
        default: break
        }
    }

    func finish(_ entry: inout FeedEntry) {
        if entry.published == nil { entry.published = dcDate }
        if entry.updated == nil { entry.updated = dcModified }
        if entry.authors.isEmpty { entry.authors = creators }
        if iTunesEpisode != ITunesEpisode() {
            entry.iTunes = iTunesEpisode
            if entry.authors.isEmpty, let author = iTunesEpisode.author { entry.authors = [FeedPerson(name: author)] }
            if entry.summary == nil, let summary = iTunesEpisode.summary ?? iTunesEpisode.subtitle {
                entry.summary = FeedText(summary)
            }
        }
        if podcastEpisode != PodcastEpisode() { entry.podcast = podcastEpisode }
        // Media RSS content counts as an enclosure unless the item already encloses that file.
        for item in media where !entry.enclosures.contains(where: { $0.url == item.url }) {
            entry.enclosures.append(item)
        }
        if entry.summary == nil, let mediaDescription { entry.summary = FeedText(mediaDescription) }
        entry.thumbnail = entry.thumbnail ?? thumbnail ?? iTunesEpisode.image
    }

    // MARK: Values

    /// `yes`, `true`, `explicit` → true; `no`, `false`, `clean` → false.
    static func boolean(_ text: String) -> Bool? {
        switch text.trimmed.lowercased() {
        case "yes", "true", "explicit", "1": true
        case "no", "false", "clean", "0": false
        default: nil
        }
    }

    /// `itunes:duration` as seconds: `1:02:03`, `62:03`, `3723`, `3723.5`.
    static func duration(_ text: String) -> Double? {
        let parts = text.trimmed.split(separator: ":", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= 3 else { return nil }
        var seconds = 0.0
        for part in parts {
            guard let value = Double(part), value >= 0 else { return nil }
            seconds = seconds * 60 + value
        }
        return seconds
    }

    static func keywords(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmed }.filter { !$0.isEmpty }
    }
}
