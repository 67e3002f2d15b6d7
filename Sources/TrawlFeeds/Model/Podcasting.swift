import Foundation

/// Apple Podcasts channel elements (`xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"`).
public struct ITunesChannel: Sendable, Equatable {
    public var author: String?
    public var owner: FeedPerson?
    public var image: URL?
    /// Categories, with subcategories as `Parent/Child` paths: `["Technology", "Technology/Podcasting"]`.
    public var categories: [String]
    public var explicit: Bool?
    public var summary: String?
    public var subtitle: String?
    public var type: String?
    public var keywords: [String]
    public var block: Bool?
    public var complete: Bool?
    public var newFeedURL: URL?

    public init(
        author: String? = nil, owner: FeedPerson? = nil, image: URL? = nil, categories: [String] = [],
        explicit: Bool? = nil, summary: String? = nil, subtitle: String? = nil, type: String? = nil,
        keywords: [String] = [], block: Bool? = nil, complete: Bool? = nil, newFeedURL: URL? = nil
    ) {
        self.author = author
        self.owner = owner
        self.image = image
        self.categories = categories
        self.explicit = explicit
        self.summary = summary
        self.subtitle = subtitle
        self.type = type
        self.keywords = keywords
        self.block = block
        self.complete = complete
        self.newFeedURL = newFeedURL
    }
}

/// Apple Podcasts episode elements.
public struct ITunesEpisode: Sendable, Equatable {
    public var author: String?
    /// `itunes:duration` in seconds, read from `H:MM:SS`, `MM:SS` or plain seconds.
    public var duration: Double?
    public var episode: Int?
    public var season: Int?
    public var episodeType: String?
    public var explicit: Bool?
    public var image: URL?
    public var title: String?
    public var subtitle: String?
    public var summary: String?
    public var keywords: [String]
    public var block: Bool?

    public init(
        author: String? = nil, duration: Double? = nil, episode: Int? = nil, season: Int? = nil,
        episodeType: String? = nil, explicit: Bool? = nil, image: URL? = nil, title: String? = nil,
        subtitle: String? = nil, summary: String? = nil, keywords: [String] = [], block: Bool? = nil
    ) {
        self.author = author
        self.duration = duration
        self.episode = episode
        self.season = season
        self.episodeType = episodeType
        self.explicit = explicit
        self.image = image
        self.title = title
        self.subtitle = subtitle
        self.summary = summary
        self.keywords = keywords
        self.block = block
    }
}

/// The podcast namespace's channel basics (`https://podcastindex.org/namespace/1.0`).
public struct PodcastChannel: Sendable, Equatable {
    public var guid: String?
    public var locked: Bool?
    public var funding: [FeedLink]

    public init(guid: String? = nil, locked: Bool? = nil, funding: [FeedLink] = []) {
        self.guid = guid
        self.locked = locked
        self.funding = funding
    }
}

/// The podcast namespace's episode basics.
public struct PodcastEpisode: Sendable, Equatable {
    /// `podcast:transcript` links: `type` is the transcript's media type, `rel` is `captions` or `transcript`.
    public var transcripts: [FeedLink]
    public var chapters: FeedLink?
    public var season: Int?
    public var episode: Double?

    public init(transcripts: [FeedLink] = [], chapters: FeedLink? = nil, season: Int? = nil, episode: Double? = nil) {
        self.transcripts = transcripts
        self.chapters = chapters
        self.season = season
        self.episode = episode
    }
}
