import Foundation

/// A feed to write: the value model `AtomWriter` and `JSONFeedWriter` take.
///
/// Every field the formats require has a place here, and everything else has a default,
/// so a generator builds one with what it knows:
///
/// ```swift
/// let document = FeedDocument(
///     title: "Trawl", id: "https://example.com/", updated: lastChange,
///     selfURL: URL(string: "https://example.com/feed.atom"),
///     entries: [.init(id: "https://example.com/a", title: "A", updated: lastChange)])
/// ```
public struct FeedDocument: Sendable, Equatable {
    public var title: String
    /// The feed's permanent identity, an absolute IRI (RFC 4287 §4.2.6). Other strings are
    /// turned into `urn:trawl:…` identifiers deterministically.
    public var id: String
    /// The newest change; written as given, never the time of writing, so output is stable.
    public var updated: Date
    /// Where the feed itself is published (`rel="self"`, JSON Feed `feed_url`).
    public var selfURL: URL?
    /// The web page the feed belongs to (`rel="alternate"`, JSON Feed `home_page_url`).
    public var alternateURL: URL?
    public var subtitle: String?
    /// Feed authors. Atom requires an author for every entry; when neither the feed nor an
    /// entry names one, the writer credits the feed's title.
    public var authors: [Person]
    public var icon: URL?
    public var language: String?
    public var generator: String?
    /// Written in the order given: the writer sorts nothing.
    public var entries: [Entry]

    public init(
        title: String, id: String, updated: Date, selfURL: URL? = nil, alternateURL: URL? = nil,
        subtitle: String? = nil, authors: [Person] = [], icon: URL? = nil, language: String? = nil,
        generator: String? = "Trawl", entries: [Entry] = []
    ) {
        self.title = title
        self.id = id
        self.updated = updated
        self.selfURL = selfURL
        self.alternateURL = alternateURL
        self.subtitle = subtitle
        self.authors = authors
        self.icon = icon
        self.language = language
        self.generator = generator
        self.entries = entries
    }

    /// One entry of a feed to write.
    public struct Entry: Sendable, Equatable {
        public var id: String
        public var title: String
        public var updated: Date
        public var published: Date?
        public var link: URL?
        public var summary: Text?
        public var content: Text?
        public var authors: [Person]
        public var categories: [String]
        public var enclosures: [Enclosure]

        public init(
            id: String, title: String, updated: Date, published: Date? = nil, link: URL? = nil,
            summary: Text? = nil, content: Text? = nil, authors: [Person] = [], categories: [String] = [],
            enclosures: [Enclosure] = []
        ) {
            self.id = id
            self.title = title
            self.updated = updated
            self.published = published
            self.link = link
            self.summary = summary
            self.content = content
            self.authors = authors
            self.categories = categories
            self.enclosures = enclosures
        }
    }

    /// Text to write: plain, or HTML (escaped into the XML, RFC 4287 §3.1.1.2).
    public enum Text: Sendable, Equatable {
        case text(String)
        case html(String)
    }

    /// An author: a name, with an email address and a web page when known.
    public struct Person: Sendable, Equatable {
        public var name: String
        public var email: String?
        public var uri: URL?

        public init(name: String, email: String? = nil, uri: URL? = nil) {
            self.name = name
            self.email = email
            self.uri = uri
        }
    }

    /// A file attached to an entry (`link rel="enclosure"`, JSON Feed attachment).
    public struct Enclosure: Sendable, Equatable {
        public var url: URL
        public var type: String
        public var length: Int?
        public var title: String?

        public init(url: URL, type: String, length: Int? = nil, title: String? = nil) {
            self.url = url
            self.type = type
            self.length = length
            self.title = title
        }
    }
}
