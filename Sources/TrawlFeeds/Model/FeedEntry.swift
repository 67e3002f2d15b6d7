import Foundation

/// One item of a feed: an RSS `item`, an Atom `entry`, a JSON Feed item.
public struct FeedEntry: Sendable, Equatable {
    /// RSS `guid`, Atom `id`, JSON Feed `id`; nil when the feed gives none.
    public var id: String?
    public var title: String?
    public var titleType: FeedTextType
    /// The entry's web page: the first alternate link.
    public var link: URL?
    public var links: [FeedLink]
    /// RSS `description`, Atom `summary`, JSON Feed `summary`.
    public var summary: FeedText?
    /// `content:encoded`, Atom `content`, JSON Feed `content_html` / `content_text`.
    public var content: FeedText?
    public var authors: [FeedPerson]
    public var contributors: [FeedPerson]
    public var published: Date?
    public var updated: Date?
    public var categories: [FeedCategory]
    /// RSS `enclosure`, Atom `link rel="enclosure"`, JSON Feed attachments, Media RSS content.
    public var enclosures: [FeedEnclosure]
    /// `media:thumbnail`, JSON Feed `image`, or the episode's `itunes:image`.
    public var thumbnail: URL?
    /// RSS `comments`.
    public var comments: URL?
    public var rights: String?
    /// Apple Podcasts (`itunes:`) episode elements.
    public var iTunes: ITunesEpisode?
    /// The podcast namespace's episode elements (`podcast:transcript`, `chapters`, …).
    public var podcast: PodcastEpisode?
    /// The feed the entry was copied from (Atom `source`).
    public var source: FeedSource?

    public init(
        id: String? = nil, title: String? = nil, titleType: FeedTextType = .text, link: URL? = nil,
        links: [FeedLink] = [], summary: FeedText? = nil, content: FeedText? = nil,
        authors: [FeedPerson] = [], contributors: [FeedPerson] = [], published: Date? = nil,
        updated: Date? = nil, categories: [FeedCategory] = [], enclosures: [FeedEnclosure] = [],
        thumbnail: URL? = nil, comments: URL? = nil, rights: String? = nil,
        iTunes: ITunesEpisode? = nil, podcast: PodcastEpisode? = nil, source: FeedSource? = nil
    ) {
        self.id = id
        self.title = title
        self.titleType = titleType
        self.link = link
        self.links = links
        self.summary = summary
        self.content = content
        self.authors = authors
        self.contributors = contributors
        self.published = published
        self.updated = updated
        self.categories = categories
        self.enclosures = enclosures
        self.thumbnail = thumbnail
        self.comments = comments
        self.rights = rights
        self.iTunes = iTunes
        self.podcast = podcast
        self.source = source
    }
}
