import Foundation

/// A feed as read from RSS, RDF, Atom or JSON Feed: one model whatever the format.
///
/// URLs are resolved against `xml:base` and the feed's own URL; dates are parsed;
/// absent values are nil or empty, never placeholders.
public struct Feed: Sendable, Equatable {
    /// The format the document was written in.
    public var format: FeedFormat
    /// The feed's identity: Atom `id`, JSON Feed `feed_url`, or nil for RSS.
    public var id: String?
    public var title: String?
    /// The markup of `title`: plain text unless the feed declares HTML or XHTML.
    public var titleType: FeedTextType
    /// The web page the feed belongs to (RSS `link`, Atom `link rel="alternate"`, JSON `home_page_url`).
    public var link: URL?
    /// Every link with its relation, in document order.
    public var links: [FeedLink]
    /// RSS `description`, Atom `subtitle` (`tagline` in 0.3), JSON Feed `description`.
    public var subtitle: FeedText?
    public var authors: [FeedPerson]
    public var contributors: [FeedPerson]
    /// RSS `webMaster`, `dc:publisher`.
    public var publisher: FeedPerson?
    public var image: FeedImage?
    /// Atom `icon`, JSON Feed `favicon`.
    public var icon: URL?
    public var language: String?
    public var rights: String?
    public var generator: FeedGenerator?
    public var updated: Date?
    public var published: Date?
    public var categories: [FeedCategory]
    /// RSS `ttl`: how many minutes the feed may be cached before it is fetched again.
    public var timeToLive: Int?
    /// Apple Podcasts (`itunes:`) channel elements.
    public var iTunes: ITunesChannel?
    /// The podcast namespace's channel elements (`podcast:guid`, `locked`, `funding`).
    public var podcast: PodcastChannel?
    public var entries: [FeedEntry]

    public init(
        format: FeedFormat, id: String? = nil, title: String? = nil, titleType: FeedTextType = .text,
        link: URL? = nil, links: [FeedLink] = [], subtitle: FeedText? = nil,
        authors: [FeedPerson] = [], contributors: [FeedPerson] = [], publisher: FeedPerson? = nil,
        image: FeedImage? = nil,
        icon: URL? = nil, language: String? = nil, rights: String? = nil, generator: FeedGenerator? = nil,
        updated: Date? = nil, published: Date? = nil, categories: [FeedCategory] = [], timeToLive: Int? = nil,
        iTunes: ITunesChannel? = nil, podcast: PodcastChannel? = nil, entries: [FeedEntry] = []
    ) {
        self.format = format
        self.id = id
        self.title = title
        self.titleType = titleType
        self.link = link
        self.links = links
        self.subtitle = subtitle
        self.authors = authors
        self.contributors = contributors
        self.publisher = publisher
        self.image = image
        self.icon = icon
        self.language = language
        self.rights = rights
        self.generator = generator
        self.updated = updated
        self.published = published
        self.categories = categories
        self.timeToLive = timeToLive
        self.iTunes = iTunes
        self.podcast = podcast
        self.entries = entries
    }
}

/// The software that produced a feed (Atom `generator`, RSS `generator`).
public struct FeedGenerator: Sendable, Equatable {
    public var name: String
    public var uri: URL?
    public var version: String?

    public init(name: String, uri: URL? = nil, version: String? = nil) {
        self.name = name
        self.uri = uri
        self.version = version
    }
}
