import Foundation

/// A link with its relation (Atom `link`, RFC 4287 §4.2.7).
public struct FeedLink: Sendable, Equatable {
    public var href: URL
    /// `alternate` when the feed gives no relation.
    public var rel: String
    public var type: String?
    public var title: String?
    public var length: Int?
    public var hreflang: String?

    public init(
        href: URL, rel: String = "alternate", type: String? = nil, title: String? = nil,
        length: Int? = nil, hreflang: String? = nil
    ) {
        self.href = href
        self.rel = rel
        self.type = type
        self.title = title
        self.length = length
        self.hreflang = hreflang
    }
}

/// A media file attached to an entry: a podcast episode's audio, for instance.
public struct FeedEnclosure: Sendable, Equatable {
    public var url: URL
    public var type: String?
    /// Size in bytes, when given and a number.
    public var length: Int?
    /// Duration in seconds (Media RSS `duration`, JSON Feed `duration_in_seconds`).
    public var duration: Double?

    public init(url: URL, type: String? = nil, length: Int? = nil, duration: Double? = nil) {
        self.url = url
        self.type = type
        self.length = length
        self.duration = duration
    }
}

/// A category or tag (RSS `category`, Atom `category`, `dc:subject`, JSON Feed `tags`).
public struct FeedCategory: Sendable, Equatable {
    public var term: String
    /// RSS `domain`, Atom `scheme`.
    public var scheme: String?
    public var label: String?

    public init(term: String, scheme: String? = nil, label: String? = nil) {
        self.term = term
        self.scheme = scheme
        self.label = label
    }
}

/// The feed's picture: RSS `image`, Atom `logo`, `itunes:image`, JSON Feed `icon`.
public struct FeedImage: Sendable, Equatable {
    public var url: URL
    public var title: String?
    public var link: URL?
    public var width: Int?
    public var height: Int?

    public init(url: URL, title: String? = nil, link: URL? = nil, width: Int? = nil, height: Int? = nil) {
        self.url = url
        self.title = title
        self.link = link
        self.width = width
        self.height = height
    }
}
